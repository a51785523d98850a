import { Hono } from 'hono'
import { DEFAULT_LANGUAGE } from '#shared/schemas/auth'
import { ShareImageQuerySchema } from '#shared/schemas/share'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { cardModelOf } from './share-card'
import type { ShareIds } from './share-id'
import { digestOf, type ShareImageCache } from './share-image'
import { betIdOfShare, findShareCardSource, readSharedBracket } from './share.service'

// Crawlers and browsers may keep an image a minute, then ask again with its ETag: a result
// changes the picture, so it must not be kept for long (docs/decisions/104).
const IMAGE_CACHE_CONTROL = 'public, max-age=60, must-revalidate'

/**
 * /api/share: public, the same answer for every viewer (docs/product.md §12). Before the betting
 * deadline it never carries the picks.
 */
export function createShareRoutes({
  db,
  shareIds,
  shareImages,
}: {
  db: Database
  shareIds: ShareIds
  shareImages: ShareImageCache
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
      const image = await shareImages.get(key, async () =>
        cardModelOf(source, await source.loadBracket(), lang),
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

function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
