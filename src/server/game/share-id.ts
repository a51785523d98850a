// A bracket's share id: the bet id and a 96-bit HMAC of it, base64url (docs/decisions/103). It is
// computed, never stored, so placing a bet does no extra work, and only the server can make one.
import { createHmac, timingSafeEqual } from 'node:crypto'

const BET_ID_BYTES = 16
const MAC_BYTES = 12
/** base64url of 28 bytes, no padding. */
export const SHARE_ID_LENGTH = 38
const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{38}$/
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
// A key of its own, derived from the app secret, so a share id can never stand in for a cookie
// signature or a token made with the secret itself.
const KEY_LABEL = 'golden-point share ids v1'

export interface ShareIds {
  /** The share id of a bet (a UUID). */
  shareIdOf(betId: string): string
  /** The bet id a share id names, or null when it is malformed or not one of ours. */
  betIdOf(shareId: string): string | null
}

export function createShareIds(secret: string | undefined): ShareIds {
  if (!secret) throw new Error('share ids need BETTER_AUTH_SECRET (start-server resolves one)')
  const key = createHmac('sha256', secret).update(KEY_LABEL).digest()
  const macOf = (betBytes: Buffer) =>
    createHmac('sha256', key).update(betBytes).digest().subarray(0, MAC_BYTES)

  return {
    shareIdOf(betId) {
      if (!UUID_PATTERN.test(betId)) throw new Error(`not a bet id: ${betId}`)
      const betBytes = Buffer.from(betId.replaceAll('-', ''), 'hex')
      return Buffer.concat([betBytes, macOf(betBytes)]).toString('base64url')
    },
    betIdOf(shareId) {
      if (!SHARE_ID_PATTERN.test(shareId)) return null
      const bytes = Buffer.from(shareId, 'base64url')
      // Two encodings decode to the same bytes (the last character's spare bits): only ours counts.
      if (bytes.length !== BET_ID_BYTES + MAC_BYTES || bytes.toString('base64url') !== shareId) {
        return null
      }
      const betBytes = bytes.subarray(0, BET_ID_BYTES)
      if (!timingSafeEqual(bytes.subarray(BET_ID_BYTES), macOf(betBytes))) return null
      const hex = betBytes.toString('hex')
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    },
  }
}
