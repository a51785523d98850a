// Our rules for what better-auth's account endpoints accept (docs/decisions/030, 067), as a
// plugin whose hooks run before the endpoints (and before the username plugin's):
// - the shown name (`displayUsername`) is the username apart from letter case, so nobody is shown
//   as another fan, as "Admin Team", or with invisible or right-to-left characters;
// - a sign-up names a username; `name` is bounded and printable; `image` is refused (avatars are
//   drawn from the username in the browser, so no picture address is ever ours);
// - a new password (sign-up, reset, change) is not one an attacker tries first.
// A refusal is 400 with a code of its own, which the wrapper passes on as `details.reason`.
import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/schemas/auth'
import { accountWords, isPasswordTooWeak } from './password-strength'

/** `name` is not shown anywhere (the username is), but it is stored: bounded like the username. */
export const NAME_MAX_LENGTH = 100

// Control, format (zero-width, bidirectional overrides), private-use and unassigned characters.
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/u

export const ACCOUNT_RULE_CODES = {
  USERNAME_REQUIRED: 'A username is required',
  INVALID_DISPLAY_USERNAME: 'The display name must be the username',
  INVALID_NAME: 'The name is too long or holds invisible characters',
  INVALID_IMAGE: 'Profile pictures are not accepted',
  PASSWORD_TOO_WEAK: 'The password is too easy to guess',
} as const

type RuleCode = keyof typeof ACCOUNT_RULE_CODES

function refuse(code: RuleCode): APIError {
  return APIError.from('BAD_REQUEST', { code, message: ACCOUNT_RULE_CODES[code] })
}

type Body = Record<string, unknown>

function bodyOf(value: unknown): Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : {}
}

const sameIgnoringCase = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

function checkProfileFields(body: Body, username: string | null | undefined): void {
  const shown = body.displayUsername
  if (shown !== undefined) {
    if (typeof shown !== 'string' || !username || !sameIgnoringCase(shown, username)) {
      throw refuse('INVALID_DISPLAY_USERNAME')
    }
  }
  const { name } = body
  if (name !== undefined) {
    if (
      typeof name !== 'string' ||
      name.trim() === '' ||
      name.length > NAME_MAX_LENGTH ||
      INVISIBLE_OR_CONTROL.test(name)
    ) {
      throw refuse('INVALID_NAME')
    }
  }
  if (body.image !== undefined && body.image !== null) throw refuse('INVALID_IMAGE')
}

/**
 * Only a password of an allowed length is judged: a too short or too long one gets better-auth's
 * own, more precise refusal.
 */
function checkNewPassword(password: unknown, account: Parameters<typeof accountWords>[0]): void {
  if (typeof password !== 'string') return
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return
  if (isPasswordTooWeak(password, accountWords(account))) throw refuse('PASSWORD_TOO_WEAK')
}

export function accountInputRules(): BetterAuthPlugin {
  return {
    id: 'golden-point-account-rules',
    hooks: {
      before: [
        {
          matcher: (context) => context.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            const body = bodyOf(ctx.body)
            const { username } = body
            if (typeof username !== 'string' || username.trim() === '') {
              throw refuse('USERNAME_REQUIRED')
            }
            checkProfileFields(body, username)
            const email = typeof body.email === 'string' ? body.email : null
            checkNewPassword(body.password, { username, email })
          }),
        },
        {
          matcher: (context) => context.path === '/update-user',
          handler: createAuthMiddleware(async (ctx) => {
            const body = bodyOf(ctx.body)
            const session = await getSessionFromCtx(ctx)
            if (!session) return // better-auth answers 401
            const newUsername = typeof body.username === 'string' ? body.username : undefined
            const current = (session.user as { username?: string | null }).username
            checkProfileFields(body, newUsername ?? current)
            // A new username brings its shown form along; an old one must not stay on show.
            if (newUsername !== undefined && body.displayUsername === undefined) {
              body.displayUsername = newUsername
            }
          }),
        },
        {
          matcher: (context) => context.path === '/change-password',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx)
            if (!session) return
            const { user } = session as { user: { username?: string | null; email: string } }
            checkNewPassword(bodyOf(ctx.body).newPassword, user)
          }),
        },
        {
          matcher: (context) => context.path === '/reset-password',
          handler: createAuthMiddleware(async (ctx) => {
            const body = bodyOf(ctx.body)
            const query = bodyOf(ctx.query)
            const token = typeof body.token === 'string' ? body.token : query.token
            if (typeof token !== 'string' || token === '') return
            const adapter = ctx.context.internalAdapter
            const verification = await adapter.findVerificationValue(`reset-password:${token}`)
            // A dead link gets better-auth's INVALID_TOKEN, not advice on the password.
            if (!verification || verification.expiresAt < new Date()) return
            const user = await adapter.findUserById(verification.value)
            if (!user) return
            checkNewPassword(body.newPassword, user as { username?: string | null; email: string })
          }),
        },
      ],
    },
  }
}
