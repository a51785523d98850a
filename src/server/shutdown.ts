// Ending the process gracefully (start-server.ts): the port closes while requests in flight
// finish, and SIGTERM/SIGINT run the stop once (a second signal exits at once).
import type { ServerType } from '@hono/node-server'
import type { Logger } from './logger'

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
