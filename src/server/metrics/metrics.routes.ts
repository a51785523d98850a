import { createHash, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { AppEnv } from '#server/app-env'
import { AppError } from '#server/errors'
import { sendError, sendNotFound } from '#server/middleware/error-handler'
import { metricsRegistry } from './metrics'
import { createScrapeSampler, type MetricsSources } from './metrics-sampler'

/**
 * GET /metrics in Prometheus's text format (docs/operations.md). Without a token it is a route
 * like any missing one (404, and never the web app's page); with one, only a scraper that sends
 * it as a bearer token is answered.
 */
export function createMetricsRoutes(token: string | undefined, sources: MetricsSources) {
  const expected = token === undefined ? undefined : digestOf(token)
  const sample = createScrapeSampler(sources)
  return new Hono<AppEnv>().get('/', async (c) => {
    if (expected === undefined) return sendNotFound(c)
    if (!hasToken(c, expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"')
      return sendError(c, new AppError('UNAUTHENTICATED', 'A metrics token is required.'))
    }
    await sample()
    c.header('Content-Type', metricsRegistry.contentType)
    c.header('Cache-Control', 'no-store')
    return c.body(await metricsRegistry.metrics(), 200)
  })
}

function hasToken(c: Context<AppEnv>, expected: Buffer): boolean {
  const header = c.req.header('Authorization') ?? ''
  const match = /^Bearer (.+)$/.exec(header)
  // Digests of equal length, so the comparison takes the same time whatever was sent.
  return match !== null && timingSafeEqual(digestOf(match[1]!), expected)
}

function digestOf(text: string): Buffer {
  return createHash('sha256').update(text).digest()
}
