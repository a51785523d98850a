// A fan's season card's share id (docs/product.md "Seasons", "My season"): the season's id, the fan's
// id and a 96-bit HMAC of both, base64url, under a key of its own derived from the app secret, as
// a bracket's share id is made (decision 103). Computed, never stored; only the server makes one.
import { createHmac, timingSafeEqual } from 'node:crypto'

const SEASON_ID_BYTES = 16
const MAC_BYTES = 12
const MAX_USER_ID_BYTES = 64
const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{40,140}$/
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const KEY_LABEL = 'golden-point season share ids v1'

export interface SeasonShareIds {
  shareIdOf(seasonId: string, userId: string): string
  /** The season and fan a share id names, or null when it is malformed or not one of ours. */
  read(shareId: string): { seasonId: string; userId: string } | null
}

export function createSeasonShareIds(secret: string | undefined): SeasonShareIds {
  if (!secret) throw new Error('share ids need BETTER_AUTH_SECRET (start-server resolves one)')
  const key = createHmac('sha256', secret).update(KEY_LABEL).digest()
  const macOf = (payload: Buffer) =>
    createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES)
  return {
    shareIdOf(seasonId, userId) {
      const userBytes = Buffer.from(userId, 'utf8')
      if (!UUID_PATTERN.test(seasonId) || userBytes.length > MAX_USER_ID_BYTES) {
        throw new Error('not a season and fan')
      }
      const payload = Buffer.concat([Buffer.from(seasonId.replaceAll('-', ''), 'hex'), userBytes])
      return Buffer.concat([payload, macOf(payload)]).toString('base64url')
    },
    read(shareId) {
      if (!SHARE_ID_PATTERN.test(shareId)) return null
      const bytes = Buffer.from(shareId, 'base64url')
      if (bytes.toString('base64url') !== shareId) return null
      if (bytes.length <= SEASON_ID_BYTES + MAC_BYTES) return null
      const payload = bytes.subarray(0, bytes.length - MAC_BYTES)
      if (!timingSafeEqual(bytes.subarray(bytes.length - MAC_BYTES), macOf(payload))) return null
      const hex = payload.subarray(0, SEASON_ID_BYTES).toString('hex')
      return {
        seasonId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
        userId: payload.subarray(SEASON_ID_BYTES).toString('utf8'),
      }
    },
  }
}
