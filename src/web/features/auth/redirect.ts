// Where a guest-only page sends a user who has just signed in.

const GUEST_ONLY_PATH = /^\/(?:login|register|forgot-password)?(?:[/?#]|$)/

/**
 * The page a guard sent the visitor away from (RedirectState.from), when it is a path of this
 * site ("/x", never "//host", "/\host" or "https://…") and not a guest-only page; otherwise the
 * dashboard.
 */
export function redirectTarget(state: unknown): string {
  const from =
    typeof state === 'object' && state !== null && 'from' in state
      ? (state as { from: unknown }).from
      : undefined
  if (typeof from !== 'string' || !from.startsWith('/')) return '/dashboard'
  if (from.startsWith('//') || from.startsWith('/\\') || GUEST_ONLY_PATH.test(from)) {
    return '/dashboard'
  }
  return from
}
