import { useCallback } from 'react'
import { useNavigate } from 'react-router'

/**
 * "Cancel (back one page)": steps back in the app's history, or to `fallback` when the form was
 * the first page of the visit (a bookmark), so Cancel never leaves the app.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate()
  return useCallback(() => {
    const state: unknown = window.history.state
    const index =
      typeof state === 'object' && state !== null && 'idx' in state ? Number(state.idx) : 0
    if (index > 0) void navigate(-1)
    else void navigate(fallback)
  }, [navigate, fallback])
}
