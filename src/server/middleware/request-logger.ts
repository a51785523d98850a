import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '#server/app-env'
import type { Logger } from '#server/logger'

/** One log line per request: method, path, status, duration and request id; never bodies. */
export function logRequests(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const startedAt = performance.now()
    await next()
    const status = c.res.status
    const entry = {
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - startedAt) * 10) / 10,
      requestId: c.get('requestId'),
    }
    if (status >= 500) logger.warn(entry, 'request')
    else logger.info(entry, 'request')
  }
}
