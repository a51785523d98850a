import { pino, type DestinationStream, type Logger } from 'pino'
import type { Env } from './env'

export type { Logger } from 'pino'

/** Structured JSON logs, one object per line; tests may pass their own destination to read them. */
export function createLogger(
  env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>,
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level: env.LOG_LEVEL,
      base: { service: 'golden-point', env: env.NODE_ENV },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Defence in depth: request bodies are never logged, but a stray object might carry these.
      redact: {
        paths: [
          'password',
          '*.password',
          'token',
          '*.token',
          'authorization',
          '*.authorization',
          'cookie',
          '*.cookie',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  )
}
