import { Hono } from 'hono'
import type { AppEnv } from '#server/app-env'
import { AppError } from '#server/errors'
import type { Logger } from '#server/logger'

const PING_TIMEOUT_MS = 2_000

export interface HealthDeps {
  pingDatabase: () => Promise<void>
  logger: Logger
}

/**
 * /health answers while the process runs (liveness, no database);
 * /ready answers 200 only when the database does (readiness for a load balancer).
 */
export function createHealthRoutes({ pingDatabase, logger }: HealthDeps) {
  return new Hono<AppEnv>()
    .get('/health', (c) => c.json({ status: 'ok' as const }, 200))
    .get('/ready', async (c) => {
      try {
        await withTimeout(pingDatabase(), PING_TIMEOUT_MS)
      } catch (error) {
        logger.warn({ err: error, requestId: c.get('requestId') }, 'database not ready')
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable.')
      }
      return c.json({ status: 'ready' as const }, 200)
    })
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}
