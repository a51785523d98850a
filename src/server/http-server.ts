// The Node HTTP server of start-server.ts: listening with the request timeouts, where the built
// web app is, and ending gracefully: the port closes while requests in flight finish, and
// SIGTERM/SIGINT run the stop once (a second signal exits at once).
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve, type ServerType } from '@hono/node-server'
import type { Hono } from 'hono'
import type { AppEnv } from './app-env'
import type { Env } from './env'
import type { Logger } from './logger'

export function listen(app: Hono<AppEnv>, env: Env): Promise<ServerType> {
  return new Promise((resolvePromise, reject) => {
    const server = serve({
      fetch: app.fetch,
      hostname: env.HOST,
      port: env.PORT,
      serverOptions: {
        // Slow or stalled uploads (slowloris) may not hold a connection longer than a request may run.
        requestTimeout: env.REQUEST_TIMEOUT_MS,
        headersTimeout: Math.min(env.REQUEST_TIMEOUT_MS, 20_000),
        // Node enforces both timeouts only when it sweeps its connections, by default every 30 s,
        // which let a never-ending header block stay open that long (reliability/limits-server).
        connectionsCheckingInterval: Math.min(env.REQUEST_TIMEOUT_MS / 4, 1_000),
      },
    })
    server.once('listening', () => resolvePromise(server))
    server.once('error', reject)
  })
}

export function findClientDir(): string | null {
  const candidates = [
    resolve(dirname(fileURLToPath(import.meta.url)), '../client'), // dist/server → dist/client
    resolve('dist/client'),
  ]
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? null
}

export function closeServer(server: ServerType, graceMs: number, logger: Logger): Promise<void> {
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => {
      logger.warn({ graceMs }, 'requests still running after the grace period; closing connections')
      if ('closeAllConnections' in server) server.closeAllConnections()
    }, graceMs)
    timer.unref()
    // Idle keep-alive connections would otherwise hold close() open until they time out (5 s),
    // and a connection goes idle each time one of the requests in flight finishes: sweep often.
    const closeIdle = () => {
      if ('closeIdleConnections' in server) server.closeIdleConnections()
    }
    const sweeper = setInterval(closeIdle, 100)
    sweeper.unref()
    server.close(() => {
      clearTimeout(timer)
      clearInterval(sweeper)
      resolvePromise()
    })
    closeIdle()
  })
}

export function stopOnSignals(stop: () => Promise<void>, logger: Logger): void {
  let signalled = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      logger.warn({ signal }, 'second signal: exiting now')
      process.exit(1)
    }
    signalled = true
    logger.info({ signal }, 'signal received')
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
}
