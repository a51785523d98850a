import { Hono } from 'hono'
import { DEFAULT_LANGUAGE } from '#shared/schemas/auth'
import { ShareImageQuerySchema } from '#shared/schemas/share'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import type { CardImages } from '#server/images/card-images'
import { cardModelOf, shareCardDrawing } from './share-card'
import type { ShareIds } from '#server/game/share-id'
import { digestOf } from './share-image'
import { betIdOfShare, findShareCardSource, readSharedBracket } from './share.service'

// Crawlers and browsers may keep an image a minute, then ask again with its ETag: a result
// changes the picture, so it must not be kept for long (docs/decisions/104).
export const IMAGE_CACHE_CONTROL = 'public, max-age=60, must-revalidate'

/**
 * /api/share: public, the same answer for every viewer (docs/product.md "Sharing a bracket"). Before the betting
 * deadline it never carries the picks.
 */
export function createShareRoutes({
  db,
  shareIds,
  cardImages,
}: {
  db: Database
  shareIds: ShareIds
  cardImages: CardImages
}) {
  return new Hono<AppEnv>()
    .get('/:shareId', async (c) =>
      c.json(await readSharedBracket(db, shareIds, c.req.param('shareId')), 200),
    )
    .get('/:shareId/image.png', validate('query', ShareImageQuerySchema), async (c) => {
      const shareId = c.req.param('shareId')
      const betId = betIdOfShare(shareIds, shareId)
      const lang = c.req.valid('query').lang ?? DEFAULT_LANGUAGE
      // One query decides whether the kept image still holds; the bracket is read only to draw.
      const source = await findShareCardSource(db, { betId })
      const key = `${shareId}:${digestOf(lang, source.username, source.tournamentName, source.state)}`
      // Kept cards cost nothing more; a card to draw goes to the drawing pool, counted for the
      // client (429 past its share, 503 when the pool's queue is full: both with Retry-After).
      const image = await cardImages.get(
        key,
        async () => {
          const [bracket, pool] = await Promise.all([source.loadBracket(), source.loadPool()])
          return shareCardDrawing(cardModelOf(source, bracket, lang, pool))
        },
        { address: c.var.clientIp },
      )
      const headers = {
        'Cache-Control': IMAGE_CACHE_CONTROL,
        ETag: image.etag,
      }
      if (ifNoneMatch(c.req.header('If-None-Match'), image.etag)) {
        return c.body(null, 304, headers)
      }
      return c.body(new Uint8Array(image.png), 200, { ...headers, 'Content-Type': 'image/png' })
    })
}

export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
