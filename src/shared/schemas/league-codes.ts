// A league's two invite codes (docs/decisions/173): the link's long code, and the short code a
// fan can say aloud or type from memory. Both sides read them here: the server to look a code up,
// the web to check what a fan typed before opening the invite.

/** The invite link's code: 96 random bits, base64url (16 characters), compared exactly. */
export const INVITE_LINK_CODE_SHAPE = /^[A-Za-z0-9_-]{16}$/

/**
 * The short code's characters: the digits 2–9 and the capital letters without I, L, O (read as
 * 1 and 0) and U (read as V): nothing one could mistake for another, aloud or on paper.
 */
export const JOIN_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ'
export const JOIN_CODE_LENGTH = 8

const JOIN_CODE_SHAPE = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`)

// What a fan may put between the characters: spaces of any kind, hyphens, the dashes and minus
// signs a phone's keyboard turns them into.
const SEPARATORS = /[\s\-\u2010-\u2015\u2212]/gu

/**
 * The short code in what a fan typed ("k7qm 4xtr", "K7QM-4XTR", full-width letters), as stored
 * (8 capitals, no dash); null when it cannot be one.
 */
export function normalizeJoinCode(text: string): string | null {
  const code = text.normalize('NFKC').replace(SEPARATORS, '').toUpperCase()
  return JOIN_CODE_SHAPE.test(code) ? code : null
}

/** How the short code is shown and read out: two groups of four, "K7QM-4XTR". */
export function formatJoinCode(code: string): string {
  const half = JOIN_CODE_LENGTH / 2
  return `${code.slice(0, half)}-${code.slice(half)}`
}
