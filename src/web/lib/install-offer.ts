// Installing the app (docs/product.md "The app on a phone: push notifications, installing, offline"): the browser's own install prompt where there is one
// (Chromium's beforeinstallprompt, kept for a button the fan presses), a short instruction on iOS
// (Safari has no prompt: Share → Add to Home Screen), nothing once installed. Never shown on its
// own: the places that offer it decide when (after a first bracket, in the profile).
import { useSyncExternalStore } from 'react'

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export type InstallOffer =
  { kind: 'prompt'; install: () => Promise<boolean> } | { kind: 'ios' } | { kind: 'none' }

let prompt: InstallPromptEvent | null = null
let isInstalled = false
let offer: InstallOffer = { kind: 'none' }
const listeners = new Set<() => void>()

function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  )
}

function isIos(): boolean {
  return (
    /iphone|ipad|ipod/i.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  )
}

function refresh(): void {
  if (isInstalled || isStandalone()) offer = { kind: 'none' }
  else if (prompt) {
    const event = prompt
    offer = {
      kind: 'prompt',
      install: async () => {
        await event.prompt()
        const { outcome } = await event.userChoice
        // A prompt answers once; the browser offers a new one later if it still may.
        prompt = null
        refresh()
        return outcome === 'accepted'
      },
    }
  } else if (isIos()) offer = { kind: 'ios' }
  else offer = { kind: 'none' }
  for (const listener of listeners) listener()
}

/** Listens for the browser's install prompt from the start (it may come before any page asks). */
export function watchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // No mini-infobar of the browser's own: the app offers installing where it helps.
    event.preventDefault()
    prompt = event as InstallPromptEvent
    refresh()
  })
  window.addEventListener('appinstalled', () => {
    isInstalled = true
    prompt = null
    refresh()
  })
  refresh()
}

export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => offer,
    () => offer,
  )
}
