import { useRef } from 'react'

/**
 * Runs a row action's flow (confirm, request, message) unless one is already running. The
 * buttons are not disabled meanwhile: the dialogs give focus back to the button that opened
 * them, which a disabled button could not take.
 */
export function useOneFlowAtATime() {
  const isBusy = useRef(false)
  return async (flow: () => Promise<void>) => {
    if (isBusy.current) return
    isBusy.current = true
    try {
      await flow()
    } finally {
      isBusy.current = false
    }
  }
}
