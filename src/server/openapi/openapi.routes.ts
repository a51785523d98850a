import { Hono, type Context } from 'hono'
import type { AppEnv } from '#server/app-env'
import { API_DOCS_ASSETS, renderApiDocsPage, type ApiDocsAssetName } from './api-docs-page'
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document'

/** Versioned URLs (api-docs-page.ts), so a browser may keep each file for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * GET /api/openapi.json (the document, built once per process), GET /api/docs (its page) and the
 * page's three files.
 */
export function createOpenApiRoutes({ publicUrl }: { publicUrl: string }) {
  let document: OpenApiDocument | undefined
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => {
      document ??= buildOpenApiDocument(publicUrl)
      c.header('Cache-Control', 'public, max-age=300')
      return c.json(document, 200)
    })
    .get('/docs', (c) => c.html(renderApiDocsPage(), 200))
    .get('/docs/swagger-ui.css', (c) => serveAsset(c, 'swagger-ui.css'))
    .get('/docs/swagger-ui-bundle.js', (c) => serveAsset(c, 'swagger-ui-bundle.js'))
    .get('/docs/init.js', (c) => serveAsset(c, 'init.js'))
}

function serveAsset(c: Context<AppEnv>, name: ApiDocsAssetName) {
  const asset = API_DOCS_ASSETS[name]
  c.header('Content-Type', asset.contentType)
  c.header('Cache-Control', IMMUTABLE)
  return c.body(asset.body(), 200)
}
