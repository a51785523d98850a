import { Scalar } from '@scalar/hono-api-reference'
import { Hono } from 'hono'
import type { AppEnv } from '#server/app-env'
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document'

/**
 * Scalar's page script, pinned to the version this page was checked with, from the one host the
 * reference page's Content-Security-Policy names (middleware/security-headers.ts, decision 160).
 */
export const SCALAR_SCRIPT_URL = 'https://cdn.jsdelivr.net/npm/@scalar/api-reference@1.76.0'

/** GET /api/openapi.json (the document, built once per process) and GET /api/docs (its page). */
export function createOpenApiRoutes({ publicUrl }: { publicUrl: string }) {
  let document: OpenApiDocument | undefined
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => {
      document ??= buildOpenApiDocument(publicUrl)
      c.header('Cache-Control', 'public, max-age=300')
      return c.json(document, 200)
    })
    .get(
      '/docs',
      Scalar((c) => ({
        url: '/api/openapi.json',
        pageTitle: 'Golden Point API',
        cdn: SCALAR_SCRIPT_URL,
        nonce: c.get('secureHeadersNonce'),
        // Scalar's own fonts come from its host; the page keeps to the system's.
        withDefaultFonts: false,
        hideClientButton: true,
      })),
    )
}
