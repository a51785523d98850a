// Security headers (reliability item 6) on every kind of answer — success, 400, 401, 403, 404,
// 413, 415, 500, 503, static files and the app shell, better-auth's own routes, preflights —
// in development and in production: CSP with frame-ancestors 'none', nosniff, Referrer-Policy,
// HSTS of at least a year in production (and not elsewhere), no X-Powered-By; and CORS never
// hands another origin (https://evil.example) an answer with credentials.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { STRONG_PASSWORD } from '#tests/accounts'
import { insertAccount } from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { createTestApp, type TestSetup } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import type { DatabaseHandle } from '#server/db/client'

const EVIL = 'https://evil.example'
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://golden-point.test',
  DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
  SMTP_URL: 'smtp://127.0.0.1:1',
}

interface Probe {
  name: string
  status: number
  send: (browser: TestBrowser, evil: TestBrowser) => Promise<Response>
}

const json = { 'Content-Type': 'application/json' }

const PROBES: Probe[] = [
  { name: 'health', status: 200, send: (b) => b.get('/api/health') },
  { name: 'API 404', status: 404, send: (b) => b.get('/api/no-such-route') },
  { name: 'missing file 404', status: 404, send: (b) => b.get('/assets/missing.js') },
  { name: 'validation 400', status: 400, send: (_b, e) => e.get('/api/leaderboard?limit=-1') },
  {
    name: 'bad JSON 400',
    status: 400,
    send: (b) => b.request('/api/auth/sign-in/email', { method: 'POST', body: '{', headers: json }),
  },
  {
    name: 'body 413',
    status: 413,
    send: (b) =>
      b.request('/api/auth/sign-in/email', {
        method: 'POST',
        body: JSON.stringify({ padding: 'x'.repeat(200_000) }),
        headers: json,
      }),
  },
  {
    name: 'form post 415',
    status: 415,
    send: (b) =>
      b.request('/api/auth/sign-in/email', {
        method: 'POST',
        body: 'email=a',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
  },
  { name: 'visitor 401', status: 401, send: (b) => b.get('/api/me') },
  { name: 'fan on admin 403', status: 403, send: (_b, e) => e.get('/api/admin/stats') },
  {
    name: 'cross-origin POST 403',
    status: 403,
    send: (_b, e) => e.post('/api/auth/sign-in/email', { email: 'a@b.c', password: 'x' }),
  },
  { name: 'crash 500', status: 500, send: (b) => b.get('/api/probe/crash') },
  { name: 'database away 503', status: 503, send: (b) => b.get('/api/ready') },
  { name: 'auth get-session', status: 200, send: (b) => b.get('/api/auth/get-session') },
  {
    name: 'auth wrong password 401',
    status: 401,
    send: (b) => b.post('/api/auth/sign-in/email', { email: 'nobody@example.test', password: 'x' }),
  },
  { name: 'auth unknown endpoint 404', status: 404, send: (b) => b.post('/api/auth/no-such', {}) },
  { name: 'static file', status: 200, send: (b) => b.get('/assets/app-1234.js') },
  {
    name: 'app shell',
    status: 200,
    send: (b) => b.get('/tournaments/whatever', { Accept: 'text/html' }),
  },
  {
    name: 'preflight from evil',
    status: 404,
    send: (b) =>
      b.request('/api/tournaments', {
        method: 'OPTIONS',
        headers: {
          Origin: EVIL,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      }),
  },
]

function writeClientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gp-headers-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Golden Point</title>')
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)')
  return dir
}

function appFor(handle: DatabaseHandle, clientDir: string, env: Record<string, string>) {
  const setup = createTestApp(handle, {
    clientDir,
    env,
    pingDatabase: () => Promise.reject(new Error('the database is away')),
  })
  // The router is built on the first request, so a probe route can still join the table here.
  setup.app.get('/api/probe/crash', () => {
    throw new Error('a bug')
  })
  return setup
}

describe.each(testDatabaseKinds)('security headers on %s', (kind) => {
  const database = useTestDatabase(kind)
  const clientDir = writeClientDir()
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }))

  it.each([
    ['development', {}],
    ['production', PRODUCTION],
  ] as const)('are on every kind of answer in %s', async (mode, env) => {
    const setup = appFor(database(), clientDir, env)
    const browser = new TestBrowser(setup.app, { origin: setup.env.PUBLIC_URL })
    const evil = await signedInFrom(EVIL, setup, database())

    for (const probe of PROBES) {
      const res = await probe.send(browser, evil)
      const what = `${mode}: ${probe.name}`
      expect(res.status, `${what}: ${await res.clone().text()}`).toBe(probe.status)
      expectSecurityHeaders(res, what, mode === 'production')
    }
    await expectLedgerAudit(database().db)
  })

  it('never lets another origin read an answer with credentials', async () => {
    const setup = appFor(database(), clientDir, {})
    const fan = await signedInFrom(setup.env.PUBLIC_URL, setup, database())
    const evil = new TestBrowser(setup.app, { origin: EVIL })
    for (const [name, value] of fan.cookies) evil.cookies.set(name, value)
    const answers = [
      await evil.get('/api/me', { Origin: EVIL }),
      await evil.get('/api/auth/get-session', { Origin: EVIL }),
      await evil.post('/api/auth/sign-out', {}),
      ...(await Promise.all(
        ['/api/me', '/api/auth/sign-in/email', '/api/tournaments'].map((path) =>
          evil.request(path, {
            method: 'OPTIONS',
            headers: { Origin: EVIL, 'Access-Control-Request-Method': 'POST' },
          }),
        ),
      )),
    ]
    for (const res of answers) {
      const allowed = res.headers.get('Access-Control-Allow-Origin')
      expect(allowed === EVIL || allowed === '*', `Allow-Origin ${allowed}`).toBe(false)
      expect(res.headers.get('Access-Control-Allow-Credentials')).toBeNull()
    }
    // The sign-out from evil was refused: the session still works.
    expect((await fan.get('/api/me')).status).toBe(200)
    await expectLedgerAudit(database().db)
  })
})

/** A fan's browser whose state-changing requests say they come from `origin`. */
async function signedInFrom(origin: string, setup: TestSetup, handle: DatabaseHandle) {
  const account = await insertAccount(handle.db, { password: STRONG_PASSWORD })
  const browser = new TestBrowser(setup.app, { origin: setup.env.PUBLIC_URL })
  const res = await browser.post('/api/auth/sign-in/email', {
    email: account.email,
    password: STRONG_PASSWORD,
  })
  expect(res.status, await res.clone().text()).toBe(200)
  const signedIn = new TestBrowser(setup.app, { origin })
  for (const [name, value] of browser.cookies) signedIn.cookies.set(name, value)
  return signedIn
}

function expectSecurityHeaders(res: Response, what: string, isProduction: boolean) {
  const csp = res.headers.get('Content-Security-Policy') ?? ''
  expect(csp, what).toContain("default-src 'self'")
  expect(csp, what).toContain("frame-ancestors 'none'")
  expect(res.headers.get('X-Content-Type-Options'), what).toBe('nosniff')
  expect(res.headers.get('Referrer-Policy'), what).toBe('no-referrer')
  expect(res.headers.get('X-Frame-Options'), what).toBe('DENY')
  expect(res.headers.get('X-Powered-By'), what).toBeNull()
  const hsts = res.headers.get('Strict-Transport-Security')
  if (!isProduction) return expect(hsts, what).toBeNull()
  const maxAge = Number(/max-age=(\d+)/.exec(hsts ?? '')?.[1] ?? 0)
  expect(maxAge, `${what}: ${hsts}`).toBeGreaterThanOrEqual(ONE_YEAR_SECONDS)
}
