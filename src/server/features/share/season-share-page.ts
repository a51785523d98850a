// The page /season-share/:shareId: the web app's index.html with the season card's Open Graph and
// Twitter tags in its head (docs/product.md "Seasons"), as the bracket's share page does (share-page.ts).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Hono } from 'hono'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { AppError } from '#server/errors'
import type { SeasonShareIds } from '#server/features/seasons/index'
import { seasonShareSummary } from './season-card'
import { readSharedSeason } from './season-share.service'
import { preferredLanguage, withShareTags } from './share-page'

export interface SeasonSharePageDeps {
  db: Database
  seasonShareIds: SeasonShareIds
  publicUrl: string
  clientDir: string | null | undefined
}

/** Answers GET /season-share/:shareId before the app's own fallback to index.html does. */
export function serveSeasonSharePage(app: Hono<AppEnv>, deps: SeasonSharePageDeps): void {
  const indexFile = deps.clientDir ? join(deps.clientDir, 'index.html') : null
  if (!indexFile || !existsSync(indexFile)) return
  const shell = readFileSync(indexFile, 'utf8')

  app.get('/season-share/:shareId', async (c) => {
    const shareId = c.req.param('shareId')
    const lang = preferredLanguage(c)
    try {
      const card = await readSharedSeason(deps.db, deps.seasonShareIds, shareId)
      const id = encodeURIComponent(shareId)
      const html = withShareTags(shell, {
        lang,
        ...seasonShareSummary({ ...card, lang }),
        url: `${deps.publicUrl}/season-share/${id}`,
        image: `${deps.publicUrl}/api/season-share/${id}/image.png?lang=${lang}`,
      })
      return c.html(html, 200, { 'Cache-Control': 'no-cache' })
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        return c.html(shell, 404, { 'Cache-Control': 'no-cache' })
      }
      throw error
    }
  })
}
