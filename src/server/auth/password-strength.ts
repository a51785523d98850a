// Refuses passwords an attacker tries first (docs/decisions/067): zxcvbn's estimate, with its
// lists of common and breached passwords, names and words, keyboard walks, repeats and dates, and
// the account's own username and e-mail. Server-side only: the web shows the error code's text
// and never downloads the dictionaries.
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import * as zxcvbnCommon from '@zxcvbn-ts/language-common'

/**
 * zxcvbn scores 0–4; 2 means an estimated 10^6 guesses or more. With the sign-in throttle (at most
 * 100 failures an hour per account, decision 033) that is years of online guessing, while eight
 * random characters still pass (3 would refuse them).
 */
export const PASSWORD_MIN_SCORE = 2

/** Words about the product itself, which a fan may reach for. */
const PRODUCT_WORDS = ['golden', 'point', 'goldenpoint', 'golden point', 'padel']

let factory: ZxcvbnFactory | undefined

// Built on first use: loading the dictionaries takes ~50 ms, which start-up need not pay.
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
  })
  return factory
}

/** The account's own words: its username, its e-mail and the e-mail's local part. */
export function accountWords(account: {
  username?: string | null
  email?: string | null
}): string[] {
  const words: string[] = []
  if (account.username) words.push(account.username.toLowerCase())
  if (account.email) {
    const email = account.email.toLowerCase()
    words.push(email, email.split('@')[0]!)
  }
  return words
}

/** Whether a password is too easy to guess, for the account that would use it. */
export function isPasswordTooWeak(password: string, ownWords: readonly string[] = []): boolean {
  const lowered = password.toLowerCase()
  if (ownWords.some((word) => word !== '' && lowered === word.toLowerCase())) return true
  return estimator().check(password, [...ownWords, ...PRODUCT_WORDS]).score < PASSWORD_MIN_SCORE
}
