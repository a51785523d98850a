// The page a visitor was heading for when they chose to sign up (an invite link, say), kept in
// the browser across the confirmation e-mail so the confirmation page can take them back there
// (decision 107). Router state (RedirectState) carries it while they stay on the site; the mail
// round trip loses that state, so registering stores it. Storage may be blocked: then the
// confirmed fan lands on the dashboard as before.
import { redirectTarget } from './redirect'

export const RETURN_PATH_STORAGE_KEY = 'returnAfterConfirmation'
/** A confirmation opened later than this goes to the dashboard: the errand is stale by then. */
export const RETURN_PATH_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

/** The return path of a RedirectState, or null for none (or one that would leave the site). */
export function returnPathOf(state: unknown): string | null {
  const target = redirectTarget(state)
  return target === '/dashboard' ? null : target
}

/** Keeps the state's return path for after confirmation; a sign-up without one clears it. */
export function rememberReturnPath(state: unknown, now = Date.now()): void {
  const path = returnPathOf(state)
  try {
    if (path === null) window.localStorage.removeItem(RETURN_PATH_STORAGE_KEY)
    else window.localStorage.setItem(RETURN_PATH_STORAGE_KEY, JSON.stringify({ path, at: now }))
  } catch {
    // Storage blocked: the fan goes to the dashboard after confirming.
  }
}

/** The kept path when it is recent and still a page of this site; null otherwise. */
export function readReturnPath(now = Date.now()): string | null {
  let raw: string | null
  try {
    raw = window.localStorage.getItem(RETURN_PATH_STORAGE_KEY)
  } catch {
    return null
  }
  if (raw === null) return null
  try {
    const stored: unknown = JSON.parse(raw)
    if (typeof stored !== 'object' || stored === null) return null
    const { path, at } = stored as { path?: unknown; at?: unknown }
    if (typeof at !== 'number' || now - at > RETURN_PATH_MAX_AGE_MS || now < at) return null
    return returnPathOf({ from: path })
  } catch {
    return null
  }
}

export function forgetReturnPath(): void {
  try {
    window.localStorage.removeItem(RETURN_PATH_STORAGE_KEY)
  } catch {
    // Nothing stored, nothing to clear.
  }
}
