// The API reference page at GET /api/docs (docs/decisions/160): Swagger UI, every file of it
// served by this server, so the page works without reaching any other host. swagger-ui-dist is a
// dependency of the app (kept in the production image's node_modules), read from there on first
// use as card-render.ts reads its fonts: the server bundle keeps dependencies external.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { API_DOCS_PATH } from '#server/middleware/security-headers'

const require = createRequire(import.meta.url)
const { version: SWAGGER_UI_VERSION } = require('swagger-ui-dist/package.json') as {
  version: string
}

/**
 * The page's start-up, a file of its own so that the page's CSP allows no inline script.
 * BaseLayout without the standalone preset: no top bar with a box to load another document.
 * The validator badge would send the document to validator.swagger.io; it is off.
 */
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  validatorUrl: null,
})
`

export interface ApiDocsAsset {
  readonly contentType: string
  /** The file's content, read (and kept) on the first request for it. */
  body(): Uint8Array<ArrayBuffer>
}

function fromSwaggerUi(file: string, contentType: string): ApiDocsAsset {
  let body: Uint8Array<ArrayBuffer> | undefined
  return {
    contentType,
    body: () => (body ??= readFileSync(require.resolve(`swagger-ui-dist/${file}`))),
  }
}

const INIT_SCRIPT_BYTES = new TextEncoder().encode(INIT_SCRIPT)

/** The page's files under /api/docs/, by name; nothing else of the package is served. */
export const API_DOCS_ASSETS = {
  'swagger-ui.css': fromSwaggerUi('swagger-ui.css', 'text/css; charset=utf-8'),
  'swagger-ui-bundle.js': fromSwaggerUi('swagger-ui-bundle.js', 'text/javascript; charset=utf-8'),
  'init.js': { contentType: 'text/javascript; charset=utf-8', body: () => INIT_SCRIPT_BYTES },
} satisfies Record<string, ApiDocsAsset>

export type ApiDocsAssetName = keyof typeof API_DOCS_ASSETS

/**
 * Where the page loads a file from. The query names the version of what is served, so a file can
 * be cached for a year and a new version (of swagger-ui-dist, or of the start-up) is a new URL.
 */
export function apiDocsAssetUrl(name: ApiDocsAssetName): string {
  const version =
    name === 'init.js'
      ? createHash('sha256').update(INIT_SCRIPT).digest('hex').slice(0, 12)
      : SWAGGER_UI_VERSION
  return `${API_DOCS_PATH}/${name}?v=${version}`
}

export function renderApiDocsPage(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Golden Point API</title>
    <link rel="stylesheet" href="${apiDocsAssetUrl('swagger-ui.css')}" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="${apiDocsAssetUrl('swagger-ui-bundle.js')}"></script>
    <script src="${apiDocsAssetUrl('init.js')}"></script>
  </body>
</html>
`
}
