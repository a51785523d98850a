import type { SessionUser } from '#server/app-env'

/** better-auth's user (its field names) as the routes see it. */
export function sessionUserOf(user: {
  id: string
  email: string
  username?: string | null
  displayUsername?: string | null
  role?: string | null
  createdAt: Date | string
}): SessionUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username ?? null,
    displayUsername: user.displayUsername ?? null,
    role: user.role === 'admin' ? 'admin' : 'user',
    createdAt: new Date(user.createdAt),
  }
}
