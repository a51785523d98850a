// The account forms' checks (docs/product.md "Validation"), run before anything is sent. Each returns the
// translation key of the first rule broken, in the spec's order, or null when the form may go.

/**
 * At least 8 characters on sign-up and on reset alike, where the spec has 3 and 6 (docs/product.md "Where we differ from the seed on purpose",
 * NIST SP 800-63B). The server enforces shared/schemas/auth.ts's PASSWORD_MIN_LENGTH; a test
 * keeps the two equal. A copy, because importing that module would pull zod into the forms'
 * bundle for one number.
 */
export const PASSWORD_MIN_LENGTH = 8

export type FormErrorKey =
  'error_all_fields' | 'error_invalid_email' | 'error_password_mismatch' | 'error_password_length'

export type EmailErrorKey = Extract<FormErrorKey, 'error_all_fields' | 'error_invalid_email'>
export type PasswordErrorKey = Exclude<FormErrorKey, 'error_invalid_email'>

export interface LoginValues {
  email: string
  password: string
}

export interface RegisterValues {
  username: string
  email: string
  password: string
  confirmPassword: string
}

export interface ForgotPasswordValues {
  email: string
}

export interface ResetPasswordValues {
  password: string
  confirmPassword: string
}

const isBlank = (value: string) => value.trim() === ''

/** The spec's e-mail rule is deliberately loose (an at sign); the server checks the rest. */
export const looksLikeEmail = (value: string) => value.includes('@')

export function validateLogin({ email, password }: LoginValues): EmailErrorKey | null {
  if (isBlank(email) || password === '') return 'error_all_fields'
  if (!looksLikeEmail(email)) return 'error_invalid_email'
  return null
}

export function validateRegister(values: RegisterValues): FormErrorKey | null {
  const { username, email, password, confirmPassword } = values
  if (isBlank(username) || isBlank(email) || password === '' || confirmPassword === '') {
    return 'error_all_fields'
  }
  if (!looksLikeEmail(email)) return 'error_invalid_email'
  if (password !== confirmPassword) return 'error_password_mismatch'
  if (password.length < PASSWORD_MIN_LENGTH) return 'error_password_length'
  return null
}

export function validateForgotPassword({ email }: ForgotPasswordValues): EmailErrorKey | null {
  if (isBlank(email)) return 'error_all_fields'
  if (!looksLikeEmail(email)) return 'error_invalid_email'
  return null
}

export function validateResetPassword({
  password,
  confirmPassword,
}: ResetPasswordValues): PasswordErrorKey | null {
  if (password === '' || confirmPassword === '') return 'error_all_fields'
  if (password !== confirmPassword) return 'error_password_mismatch'
  if (password.length < PASSWORD_MIN_LENGTH) return 'error_password_length'
  return null
}

/**
 * The fields a broken rule points at, so the form can mark them invalid and focus the first:
 * the blank ones for a missing value, the e-mail, the confirmation or the password otherwise.
 */
export function invalidFields(key: FormErrorKey | null, values: Record<string, string>): string[] {
  const present = (name: string) => (name in values ? [name] : [])
  switch (key) {
    case null:
      return []
    case 'error_all_fields':
      return Object.keys(values).filter((name) => isBlank(values[name] ?? ''))
    case 'error_invalid_email':
      return present('email')
    case 'error_password_mismatch':
      return present('confirmPassword')
    case 'error_password_length':
      return present('password')
  }
}
