// The address a visitor just registered with, kept so /email-sent can show it (and resend to it)
// even when the page is reloaded without its ?email= parameter. Browser storage may be blocked
// (private mode, strict settings): then the query parameter is all there is.

export const PENDING_EMAIL_STORAGE_KEY = 'pendingConfirmationEmail'

export function rememberPendingEmail(email: string): void {
  try {
    window.localStorage.setItem(PENDING_EMAIL_STORAGE_KEY, email)
  } catch {
    // Storage blocked: the e-mail travels in the URL instead.
  }
}

export function readPendingEmail(): string | null {
  try {
    return window.localStorage.getItem(PENDING_EMAIL_STORAGE_KEY)
  } catch {
    return null
  }
}

export function forgetPendingEmail(): void {
  try {
    window.localStorage.removeItem(PENDING_EMAIL_STORAGE_KEY)
  } catch {
    // Nothing stored, nothing to clear.
  }
}
