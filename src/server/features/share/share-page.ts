// The page /share/:shareId: the web app's index.html with the share's Open Graph and Twitter card
// tags in its head, since the crawlers that draw link previews run no script (docs/product.md
// §12). Every value is escaped: the username and the tournament name are user input.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Context, Hono } from 'hono'
import type { Language } from '#shared/schemas/auth'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { AppError } from '#server/errors'
import { escapeHtml } from '#server/mail/mail-layout'
import { CARD_HEIGHT, CARD_WIDTH, cardModelOf, shareSummary } from './share-card'
import type { ShareIds } from '#server/game/share-id'
import { betIdOfShare, findShareCardSource } from './share.service'

const SITE_NAME = 'Golden Point'
const OG_LOCALES: Record<Language, string> = { en: 'en_GB', es: 'es_ES' }

// The tags each page of the shell sets for itself (PageMeta); the share page's own replace them.
const DEFAULT_SHARE_TAGS =
  /<title>[^<]*<\/title>|<meta\s+(?:property="og:[^"]*"|name="(?:twitter:[^"]*|description)")[^>]*>/g

export interface SharePageDeps {
  db: Database
  shareIds: ShareIds
  publicUrl: string
  clientDir: string | null | undefined
}

/** Answers GET /share/:shareId before the app's own fallback to index.html does. */
export function serveSharePage(app: Hono<AppEnv>, deps: SharePageDeps): void {
  const indexFile = deps.clientDir ? join(deps.clientDir, 'index.html') : null
  if (!indexFile || !existsSync(indexFile)) return
  // The file only changes with a new build, which means a new process.
  const shell = readFileSync(indexFile, 'utf8')

  app.get('/share/:shareId', async (c) => {
    const shareId = c.req.param('shareId')
    const lang = preferredLanguage(c)
    try {
      // The card's few facts, not the whole shared bracket: no pool count on a crawler's path.
      const betId = betIdOfShare(deps.shareIds, shareId)
      const source = await findShareCardSource(deps.db, { betId })
      const card = cardModelOf(source, await source.loadBracket(), lang)
      const html = withShareTags(shell, {
        lang,
        ...shareSummary(card),
        url: `${deps.publicUrl}/share/${encodeURIComponent(shareId)}`,
        image: `${deps.publicUrl}/api/share/${encodeURIComponent(shareId)}/image.png?lang=${lang}`,
      })
      return c.html(html, 200, { 'Cache-Control': 'no-cache' })
    } catch (error) {
      // The app shows its "not found" page; a crawler gets the status too.
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        return c.html(shell, 404, { 'Cache-Control': 'no-cache' })
      }
      throw error
    }
  })
}

export interface ShareTags {
  lang: Language
  title: string
  description: string
  url: string
  image: string
}

export function withShareTags(shell: string, tags: ShareTags): string {
  const title = escapeHtml(`${tags.title} | ${SITE_NAME}`)
  const description = escapeHtml(tags.description)
  const url = escapeHtml(tags.url)
  const image = escapeHtml(tags.image)
  const head = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:locale" content="${OG_LOCALES[tags.lang]}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:type" content="image/png" />`,
    `<meta property="og:image:width" content="${CARD_WIDTH}" />`,
    `<meta property="og:image:height" content="${CARD_HEIGHT}" />`,
    `<meta property="og:image:alt" content="${title}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    `<link rel="canonical" href="${url}" />`,
  ].join('\n    ')
  // Replacer functions, not strings: a string replacement reads `$'`, `$&`… in the names as
  // patterns and would copy parts of the document into the tags.
  return shell
    .replace(DEFAULT_SHARE_TAGS, () => '')
    .replace(/<html lang="[^"]*"/, () => `<html lang="${tags.lang}"`)
    .replace('</head>', () => `    ${head}\n  </head>`)
}

/**
 * The sharer's language when the link carries it (?lang=, added by the app's share button), so a
 * preview reads as the fan wrote it whatever language the crawler asks for; else the first of
 * en/es the reader's Accept-Language names; Spanish, the default, otherwise.
 */
export function preferredLanguage(c: Context<AppEnv>): Language {
  const asked = c.req.query('lang')
  if (asked === 'en' || asked === 'es') return asked
  const header = c.req.header('Accept-Language') ?? ''
  const first = header
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase())
    .find((code) => code === 'en' || code === 'es')
  return first === 'en' ? 'en' : 'es'
}
