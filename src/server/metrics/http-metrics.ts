import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import type { AppEnv } from '#server/app-env'
import { recordHttpRequest } from './metrics'

/**
 * Times every request by the route template that answered it (Hono's matched path, e.g.
 * /api/tournaments/:id/bets), never the raw path, so no id reaches a label. A request no route
 * answered is counted under the last middleware it passed (e.g. /api/*).
 */
export function measureRequests(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const startedAt = performance.now()
    await next()
    // After next(), routeIndex is the deepest handler that ran: the one that answered.
    recordHttpRequest(
      c.req.method,
      routePath(c) || 'unmatched',
      c.res.status,
      (performance.now() - startedAt) / 1000,
    )
  }
}
