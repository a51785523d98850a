// Wire contracts of the account flows. The endpoints themselves are better-auth's under /api/auth
// (docs/decisions/030); these schemas are what the web's forms validate and send.
import { z } from 'zod'

/** Languages of the interface and of e-mails; es is the default and fallback (docs/product.md "Who it is for"). */
export const LanguageSchema = z.enum(['es', 'en'])
export type Language = z.infer<typeof LanguageSchema>
export const DEFAULT_LANGUAGE: Language = 'es'

// One rule for sign-up and reset (docs/product.md "Where we differ from the seed on purpose": NIST minimum of 8 instead of the spec's 3 and 6).
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

// better-auth's username plugin: letters, digits, '_' and '.', 3–30 characters, unique
// regardless of case (stored lower-cased; shown as typed).
export const USERNAME_MIN_LENGTH = 3
export const USERNAME_MAX_LENGTH = 30
export const USERNAME_PATTERN = /^[a-zA-Z0-9_.]+$/

export const EmailSchema = z.email().max(254)
export const PasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH)
export const UsernameSchema = z
  .string()
  .min(USERNAME_MIN_LENGTH)
  .max(USERNAME_MAX_LENGTH)
  .regex(USERNAME_PATTERN)

/**
 * POST /api/auth/sign-up/email. `name` (better-auth's display name) defaults to the username
 * when left out; `lang` picks the language of the confirmation e-mail. Any other field (role,
 * emailVerified, …) is ignored or refused: a new account is always an unverified 'user'.
 */
export const SignUpInputSchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  name: z.string().max(100).optional(),
  lang: LanguageSchema.optional(),
  /** The browser's IANA zone, kept as the zone of the fan's mails; an unknown one is ignored. */
  timeZone: z.string().max(64).optional(),
})
export type SignUpInput = z.infer<typeof SignUpInputSchema>

/** POST /api/auth/sign-in/email */
export const SignInInputSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  rememberMe: z.boolean().optional(),
})
export type SignInInput = z.infer<typeof SignInInputSchema>

/** POST /api/auth/send-verification-email (resend) and POST /api/auth/request-password-reset */
export const EmailRequestInputSchema = z.object({
  email: EmailSchema,
  lang: LanguageSchema.optional(),
})
export type EmailRequestInput = z.infer<typeof EmailRequestInputSchema>

/** POST /api/auth/reset-password: the token from the link and the new password. */
export const ResetPasswordInputSchema = z.object({
  token: z.string().min(1),
  newPassword: PasswordSchema,
})
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>

/** The body of every `{ status: true }` answer (resend, forgot, reset, verify). */
export const AuthStatusSchema = z.object({ status: z.boolean() })

/**
 * The name shown for a user everywhere: the username as typed, else the part of the e-mail
 * before '@', else 'User' (docs/product.md "What is stored").
 */
export function displayNameOf(user: {
  displayUsername?: string | null
  username?: string | null
  email?: string | null
}): string {
  const fromEmail = user.email?.split('@')[0]
  return user.displayUsername || user.username || fromEmail || 'User'
}
