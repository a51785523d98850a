// The small pure pieces around better-auth: language choice, loopback test, secret, hashing.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createLogger } from '#server/logger'
import { isLoopbackAddress } from '#server/middleware/client-address'
import { languageOf } from './auth.routes'
import { resolveAuthSecret } from './auth-secret'
import { hashPassword, verifyPassword } from './password-hashing'

const silent = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' })

describe('languageOf', () => {
  it('takes the body’s lang, else the best of Accept-Language, else es', () => {
    expect(languageOf('en', 'es')).toBe('en')
    expect(languageOf('fr', 'en-US,en;q=0.9')).toBe('en')
    expect(languageOf(undefined, 'fr-FR,fr;q=0.9,en;q=0.8,es;q=0.7')).toBe('en')
    expect(languageOf(undefined, 'es;q=0.5,en;q=0.9')).toBe('en')
    expect(languageOf(undefined, 'en;q=0,de')).toBe('es')
    expect(languageOf(undefined, null)).toBe('es')
    expect(languageOf(42, '')).toBe('es')
  })
})

describe('isLoopbackAddress', () => {
  it('accepts 127.0.0.0/8 and ::1 only', () => {
    for (const address of ['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(true)
    }
    for (const address of [
      '10.0.0.1',
      '0.0.0.0',
      '::',
      '::ffff:10.0.0.1',
      '1127.0.0.1',
      '192.0.2.1',
    ]) {
      expect(isLoopbackAddress(address), address).toBe(false)
    }
  })
})

describe('resolveAuthSecret', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gp-secret-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('uses BETTER_AUTH_SECRET when set', () => {
    const secret = 's'.repeat(40)
    expect(
      resolveAuthSecret(
        { BETTER_AUTH_SECRET: secret, NODE_ENV: 'development', DATA_DIR: dir },
        silent,
      ),
    ).toBe(secret)
  })

  it('generates one development secret in DATA_DIR (owner-only) and keeps it', () => {
    const dataDir = join(dir, 'data')
    const env = {
      BETTER_AUTH_SECRET: undefined,
      NODE_ENV: 'development' as const,
      DATA_DIR: dataDir,
    }
    const first = resolveAuthSecret(env, silent)
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(resolveAuthSecret(env, silent)).toBe(first)
    const file = join(dataDir, 'auth-secret')
    expect(readFileSync(file, 'utf8')).toBe(first)
    expect(statSync(file).mode & 0o077).toBe(0)

    // A file too short to be a secret is not used.
    writeFileSync(file, 'short')
    expect(() => resolveAuthSecret(env, silent)).toThrow()
  })

  it('refuses to invent one in production', () => {
    expect(() =>
      resolveAuthSecret(
        { BETTER_AUTH_SECRET: undefined, NODE_ENV: 'production', DATA_DIR: dir },
        silent,
      ),
    ).toThrow(/required/)
  })
})

describe('argon2id password hashing', () => {
  it('hashes with OWASP parameters and a fresh salt, and verifies', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')])
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(a).not.toBe(b)
    expect(await verifyPassword({ hash: a, password: 'correct horse' })).toBe(true)
    expect(await verifyPassword({ hash: a, password: 'correct horse!' })).toBe(false)
    expect(await verifyPassword({ hash: 'scrypt:abc', password: 'x' })).toBe(false)
    expect(await verifyPassword({ hash: '$argon2id$broken', password: 'x' })).toBe(false)
  })
})
