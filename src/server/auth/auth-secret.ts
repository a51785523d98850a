// The secret that signs session cookies and e-mail verification tokens. Production must set
// BETTER_AUTH_SECRET (env.ts refuses to start without it). A local run without one generates a
// random secret once and keeps it in DATA_DIR, so sessions survive restarts and no secret is
// shared between installations (docs/decisions/034).
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Env } from '#server/env'
import type { Logger } from '#server/logger'

const SECRET_FILE = 'auth-secret'
const MIN_LENGTH = 32

export function resolveAuthSecret(
  env: Pick<Env, 'BETTER_AUTH_SECRET' | 'NODE_ENV' | 'DATA_DIR'>,
  logger: Logger,
): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET
  if (env.NODE_ENV === 'production') throw new Error('BETTER_AUTH_SECRET is required in production')

  const file = join(env.DATA_DIR, SECRET_FILE)
  const stored = readSecretFile(file)
  if (stored) return stored

  mkdirSync(env.DATA_DIR, { recursive: true })
  try {
    // 'wx': a second process starting at the same moment keeps the first one's secret.
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  logger.warn(
    { file },
    'BETTER_AUTH_SECRET is not set: generated a development secret and stored it in the data folder',
  )
  const created = readSecretFile(file)
  if (!created) throw new Error(`Could not read the generated secret in ${file}`)
  return created
}

function readSecretFile(file: string): string | undefined {
  if (!existsSync(file)) return undefined
  const secret = readFileSync(file, 'utf8').trim()
  return secret.length >= MIN_LENGTH ? secret : undefined
}
