// Builds the real app for in-process route tests (app.request()) and captures its log lines.
import { createApp, type AppDeps } from '#server/app'
import { createMailer } from '#server/mail/mailer'
import type { DatabaseHandle } from '#server/db/client'
import { loadEnv, type Env, type EnvSource } from '#server/env'
import { createLogger } from '#server/logger'

export type LogLine = Record<string, unknown> & { level: number; msg: string }

/**
 * An Env for tests, with overrides as raw variables. DATA_DIR points away from ./data so a test
 * that starts a server can never touch (or lock) the developer's demo database.
 */
export function createTestEnv(overrides: EnvSource = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: './.data-test',
    BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
    PUBLIC_URL: TEST_PUBLIC_URL,
    ...overrides,
  })
}

export const TEST_AUTH_SECRET = 'test-secret-for-golden-point-only-0123456789'
/** The origin tests act as, like a browser on the app's own pages. */
export const TEST_PUBLIC_URL = 'http://golden-point.test'

export interface TestAppOptions extends Partial<Omit<AppDeps, 'env' | 'logger'>> {
  env?: EnvSource
}

export function createTestApp(database: DatabaseHandle, options: TestAppOptions = {}) {
  const { env: envOverrides, ...deps } = options
  const env = createTestEnv(envOverrides)
  const logs: LogLine[] = []
  const logger = createLogger(env, {
    write: (line: string) => logs.push(JSON.parse(line) as LogLine),
  })
  const mailer = deps.mailer ?? createMailer({ env, db: database.db, logger })
  const app = createApp({
    env,
    db: database.db,
    pingDatabase: database.ping,
    logger,
    clientDir: null,
    ...deps,
    mailer,
  })
  return { app, env, logs, mailer }
}

export type TestSetup = ReturnType<typeof createTestApp>
