import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono } from 'hono'
import type { AppEnv } from '#server/app-env'

// Vite puts content-hashed files under /assets: they never change, so browsers may keep them.
const IMMUTABLE = 'public, max-age=31536000, immutable'
// Everything else (index.html, /locales) must be revalidated so a deploy shows up at once.
const REVALIDATE = 'no-cache'

/**
 * Serves the built web app from clientDir (vite copies public/, so /locales/* is there too) with a
 * fallback to index.html for page routes. Does nothing when the folder is missing (tests, dev).
 */
export function serveClientApp(app: Hono<AppEnv>, clientDir: string | null | undefined): void {
  if (!clientDir || !existsSync(join(clientDir, 'index.html'))) return

  // precompressed: the build writes .br/.gz beside each text file (vite.config.ts).
  const serveFile = serveStatic<AppEnv>({ root: clientDir, precompressed: true })
  const serveIndexHtml = serveStatic<AppEnv>({
    root: clientDir,
    path: 'index.html',
    precompressed: true,
  })

  app.use('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next()
    const res = await serveFile(c, next)
    // Without a file, serveStatic has passed on to next() and returns no Response of its own.
    if (res instanceof Response) {
      res.headers.set('Cache-Control', isHashedAsset(c.req.path) ? IMMUTABLE : REVALIDATE)
    }
    return res
  })
  // A page route such as /tournament/123 has no file: browsers asking for HTML get the app shell;
  // a missing script or image still gets a 404.
  app.use('*', async (c, next) => {
    if (isApiPath(c.req.path) || !acceptsHtml(c)) return next()
    const res = await serveIndexHtml(c, next)
    if (res instanceof Response) res.headers.set('Cache-Control', REVALIDATE)
    return res
  })
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/')
}

function isHashedAsset(path: string): boolean {
  return path.startsWith('/assets/')
}

function acceptsHtml(c: Context): boolean {
  return (c.req.header('Accept') ?? '').includes('text/html')
}
