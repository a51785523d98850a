// Where a guest-only page sends a user who has just signed in.

const GUEST_ONLY_PATH = /^\/(?:login|register|forgot-password)?(?:[/?#]|$)/

/**
 * The page a guard sent the visitor away from (RedirectState.from), when it is a path of this
 * site ("/x", never "//host", "/\host" or "https://…") and not a guest-only page; otherwise the
 * user's home: the dashboard, or the admin area for an admin.
 */
export function redirectTarget(state: unknown, { isAdmin = false } = {}): string {
  const home = isAdmin ? '/admin' : '/dashboard'
  const from =
    typeof state === 'object' && state !== null && 'from' in state
      ? (state as { from: unknown }).from
      : undefined
  if (typeof from !== 'string' || !from.startsWith('/')) return home
  if (from.startsWith('//') || from.startsWith('/\\') || GUEST_ONLY_PATH.test(from)) {
    return home
  }
  return from
}
