// /api/season-share: a fan's season card (docs/product.md "Seasons"), public, the same answer for every
// viewer; its image is drawn by the share images' pool and kept by their cache (decision 104).
import { Hono } from 'hono'
import { DEFAULT_LANGUAGE } from '#shared/schemas/auth'
import { ShareImageQuerySchema } from '#shared/schemas/share'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import type { SeasonShareIds } from '#server/features/seasons/index'
import type { CardImages } from '#server/images/card-images'
import { validate } from '#server/middleware/validate'
import { seasonCardDrawing } from './season-card'
import { readSharedSeason } from './season-share.service'
import { digestOf } from './share-image'
import { IMAGE_CACHE_CONTROL, ifNoneMatch } from './share.routes'

export function createSeasonShareRoutes({
  db,
  seasonShareIds,
  cardImages,
}: {
  db: Database
  seasonShareIds: SeasonShareIds
  cardImages: CardImages
}) {
  return new Hono<AppEnv>()
    .get('/:shareId', async (c) =>
      c.json(await readSharedSeason(db, seasonShareIds, c.req.param('shareId')), 200),
    )
    .get('/:shareId/image.png', validate('query', ShareImageQuerySchema), async (c) => {
      const shareId = c.req.param('shareId')
      const lang = c.req.valid('query').lang ?? DEFAULT_LANGUAGE
      // The card's few figures are read every time (indexed reads); they key the kept image, so
      // a newly counted tournament draws a new one.
      const card = await readSharedSeason(db, seasonShareIds, shareId)
      const key = `season:${shareId}:${digestOf(lang, JSON.stringify(card))}`
      const image = await cardImages.get(
        key,
        () => Promise.resolve(seasonCardDrawing({ ...card, lang })),
        { address: c.var.clientIp },
      )
      const headers = { 'Cache-Control': IMAGE_CACHE_CONTROL, ETag: image.etag }
      if (ifNoneMatch(c.req.header('If-None-Match'), image.etag)) {
        return c.body(null, 304, headers)
      }
      return c.body(new Uint8Array(image.png), 200, { ...headers, 'Content-Type': 'image/png' })
    })
}
