// The share image's cache key (docs/decisions/104): the share id, the language, the names and the
// tournament's results state (share.service.ts), digested with the layout's version, so a result
// or a new layout makes a new key and the old entry ages out of the process's kept cards
// (#server/images/card-images.ts, which draws them off the request thread).
import { createHash } from 'node:crypto'

// Bump when the layout changes, so cached images and browsers' ETags are replaced.
export const CARD_LAYOUT_VERSION = '2'

/** A short digest for cache keys and ETags. */
export function digestOf(...parts: string[]): string {
  const hash = createHash('sha256').update(CARD_LAYOUT_VERSION)
  for (const part of parts) hash.update('\u0000').update(part)
  return hash.digest('base64url').slice(0, 22)
}
