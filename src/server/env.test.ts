import { describe, expect, it } from 'vitest'
import { EnvError, loadEnv } from './env'

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app@db.internal:5432/golden_point',
  SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
  BETTER_AUTH_SECRET: 's'.repeat(40),
  PUBLIC_URL: 'https://golden-point.example/',
}

function problemsOf(source: Record<string, string>): string[] {
  try {
    loadEnv(source)
  } catch (error) {
    if (error instanceof EnvError) return error.problems
    throw error
  }
  return []
}

describe('loadEnv', () => {
  it('fills in local defaults from an empty environment', () => {
    const env = loadEnv({})
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: 3000,
      PUBLIC_URL: 'http://127.0.0.1:3000',
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      BODY_LIMIT_BYTES: 102_400,
      WELCOME_BONUS: 1000,
      SETTLEMENT_LANES: 2,
      BET_BATCH_MAX_BETS: 64,
      BET_BATCH_WAIT_MS: 2,
      DEMO_DATA: true,
      REMINDER_SCAN_SECONDS: 60,
    })
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('derives PUBLIC_URL from HOST and PORT, and a browsable name for 0.0.0.0', () => {
    expect(loadEnv({ HOST: '0.0.0.0', PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080')
    expect(loadEnv({ HOST: '::1', PORT: '8080' }).PUBLIC_URL).toBe('http://[::1]:8080')
  })

  it('reads the reminder scan interval and refuses one outside 1 s … 1 h', () => {
    expect(loadEnv({ REMINDER_SCAN_SECONDS: '15' }).REMINDER_SCAN_SECONDS).toBe(15)
    expect(() => loadEnv({ REMINDER_SCAN_SECONDS: '0' })).toThrow(/REMINDER_SCAN_SECONDS/)
    expect(() => loadEnv({ REMINDER_SCAN_SECONDS: 'soon' })).toThrow(/REMINDER_SCAN_SECONDS/)
  })

  it('treats empty values as unset, as .env files write them', () => {
    const env = loadEnv({ DATABASE_URL: '', PORT: ' ' })
    expect(env.PORT).toBe(3000)
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('coerces numbers and flags', () => {
    const env = loadEnv({ PORT: '4000', WELCOME_BONUS: '250', DEMO_DATA: 'false' })
    expect(env).toMatchObject({ PORT: 4000, WELCOME_BONUS: 250, DEMO_DATA: false })
  })

  it('takes SETTLEMENT_LANES from 1 to 64', () => {
    expect(loadEnv({ SETTLEMENT_LANES: '8' }).SETTLEMENT_LANES).toBe(8)
    for (const lanes of ['0', '65', '1.5']) {
      expect(problemsOf({ SETTLEMENT_LANES: lanes }).join('\n')).toMatch(/SETTLEMENT_LANES/)
    }
  })

  it('takes BET_BATCH_MAX_BETS from 1 to 1000 and BET_BATCH_WAIT_MS from 0 to 50', () => {
    expect(loadEnv({ BET_BATCH_MAX_BETS: '1', BET_BATCH_WAIT_MS: '0' })).toMatchObject({
      BET_BATCH_MAX_BETS: 1,
      BET_BATCH_WAIT_MS: 0,
    })
    for (const size of ['0', '1001', '2.5']) {
      expect(problemsOf({ BET_BATCH_MAX_BETS: size }).join('\n')).toMatch(/BET_BATCH_MAX_BETS/)
    }
    for (const wait of ['-1', '51']) {
      expect(problemsOf({ BET_BATCH_WAIT_MS: wait }).join('\n')).toMatch(/BET_BATCH_WAIT_MS/)
    }
  })

  it('reads TRUSTED_PROXIES as a list and refuses an entry that is no address or range', () => {
    expect(loadEnv({}).TRUSTED_PROXIES).toEqual([])
    expect(loadEnv({ TRUSTED_PROXIES: 'loopback, 10.0.0.0/8' }).TRUSTED_PROXIES).toEqual([
      'loopback',
      '10.0.0.0/8',
    ])
    expect(problemsOf({ TRUSTED_PROXIES: '10.0.0.0/8, my-balancer' }).join('\n')).toMatch(
      /TRUSTED_PROXIES/,
    )
  })

  it('names every invalid variable in one error', () => {
    const problems = problemsOf({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })
    expect(problems).toHaveLength(3)
    expect(problems.join('\n')).toMatch(/PORT/)
    expect(problems.join('\n')).toMatch(/DATABASE_URL/)
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/)
  })

  it('refuses production without DATABASE_URL, SMTP_URL, BETTER_AUTH_SECRET and PUBLIC_URL', () => {
    const problems = problemsOf({ NODE_ENV: 'production' })
    expect(problems).toEqual([
      'DATABASE_URL: is required when NODE_ENV=production',
      'SMTP_URL: is required when NODE_ENV=production',
      'BETTER_AUTH_SECRET: is required when NODE_ENV=production',
      'PUBLIC_URL: is required when NODE_ENV=production',
    ])
  })

  it('accepts a complete production configuration, without demo data by default', () => {
    const env = loadEnv(PRODUCTION)
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://golden-point.example',
      DEMO_DATA: false,
    })
  })

  it('turns push on in production only with its keys, and refuses it switched on without them', () => {
    expect(loadEnv(PRODUCTION).PUSH_ENABLED).toBe(false)
    const keys = {
      VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'A'.repeat(43),
      VAPID_SUBJECT: 'mailto:ops@golden-point.example',
    }
    expect(loadEnv({ ...PRODUCTION, ...keys })).toMatchObject({ PUSH_ENABLED: true, ...keys })
    expect(problemsOf({ ...PRODUCTION, PUSH_ENABLED: 'true' })).toEqual([
      'VAPID_PUBLIC_KEY: is required when NODE_ENV=production and PUSH_ENABLED is on',
      'VAPID_PRIVATE_KEY: is required when NODE_ENV=production and PUSH_ENABLED is on',
      'VAPID_SUBJECT: is required when NODE_ENV=production and PUSH_ENABLED is on',
    ])
    expect(problemsOf({ ...PRODUCTION, ...keys, VAPID_SUBJECT: 'http://ops.example' })).toEqual([
      'VAPID_SUBJECT: must be a mailto: address or an https: URL',
    ])
    // Outside production push is on with no keys at all (the database keeps a generated pair).
    expect(loadEnv({}).PUSH_ENABLED).toBe(true)
    expect(problemsOf({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toEqual([
      'VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY come as a pair',
    ])
    expect(problemsOf({ ...keys, VAPID_PRIVATE_KEY: 'short' })).toEqual([
      'VAPID_PRIVATE_KEY: must be 32 bytes',
    ])
  })

  it('keeps metrics off without METRICS_TOKEN and asks production for one of 24 characters', () => {
    expect(loadEnv({}).METRICS_TOKEN).toBeUndefined()
    // Outside production any token will do (a local Prometheus, a test).
    expect(loadEnv({ METRICS_TOKEN: 'dev' }).METRICS_TOKEN).toBe('dev')
    const short = 'x'.repeat(23)
    const problems = problemsOf({ ...PRODUCTION, METRICS_TOKEN: short })
    expect(problems).toEqual([
      'METRICS_TOKEN: must be at least 24 characters when NODE_ENV=production',
    ])
    expect(problems.join('\n')).not.toContain(short)
    const token = 'y'.repeat(24)
    expect(loadEnv({ ...PRODUCTION, METRICS_TOKEN: token }).METRICS_TOKEN).toBe(token)
  })

  it('never echoes a secret in its error', () => {
    const problems = problemsOf({ ...PRODUCTION, BETTER_AUTH_SECRET: 'short-secret' })
    expect(problems.join('\n')).toContain('BETTER_AUTH_SECRET')
    expect(problems.join('\n')).not.toContain('short-secret')
  })
})
