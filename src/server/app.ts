import { Hono } from 'hono'
import { requestId } from 'hono/request-id'
import { timeout } from 'hono/timeout'
import type { AppEnv } from './app-env'
import type { Database } from './db/client'
import type { Env } from './env'
import { createHealthRoutes } from './features/health/health.routes'
import { createMeRoutes } from './features/me/me.routes'
import { createStatsRoutes } from './features/stats/stats.routes'
import type { Logger } from './logger'
import { limitBodySize } from './middleware/body-limit'
import { handleErrors, sendNotFound } from './middleware/error-handler'
import { logRequests } from './middleware/request-logger'
import { setSecurityHeaders } from './middleware/security-headers'
import { serveClientApp } from './middleware/static-client'

export interface AppDeps {
  env: Env
  db: Database
  /** `select 1` against the database; /api/ready turns a rejection into 503. */
  pingDatabase: () => Promise<void>
  logger: Logger
  /** The built web app (dist/client); null or a missing folder serves no static files. */
  clientDir?: string | null
}

/** The JSON API as one chained route set, so its type carries every route to hc<AppType>. */
export function createApiRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .basePath('/api')
    .route('/', createHealthRoutes(deps))
    .route('/stats', createStatsRoutes(deps))
    .route('/me', createMeRoutes())
}

/** For the web: `hc<AppType>('/')` from hono/client (import it with `import type`). */
export type AppType = ReturnType<typeof createApiRoutes>

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { env, logger } = deps
  const app = new Hono<AppEnv>()

  // Order matters: the outer ones also see (and decorate) error responses made by onError.
  app.use(requestId())
  app.use(logRequests(logger))
  app.use(setSecurityHeaders(env))
  app.use('/api/*', async (c, next) => {
    await next()
    // API answers are per user and per moment: never stored by browsers or proxies.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
  })
  app.use(limitBodySize(env.BODY_LIMIT_BYTES))
  app.use('/api/*', timeout(env.REQUEST_TIMEOUT_MS))

  app.route('/', createApiRoutes(deps))
  serveClientApp(app, deps.clientDir)

  app.notFound(sendNotFound)
  app.onError(handleErrors(logger))
  return app
}
