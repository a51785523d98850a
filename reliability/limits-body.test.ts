// Body limit (reliability item 6): a body over BODY_LIMIT_BYTES is 413 PAYLOAD_TOO_LARGE on every
// state-changing route of the route table, better-auth's included, for every method, whether it
// says its length (Content-Length) or streams it without one (chunked) — and changes nothing.
// A body of exactly the limit is read as usual.
import { describe, expect, it } from 'vitest'
import { signInAdmin } from '#server/features/admin/admin-test-support'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { signInAs } from '#tests/game-factories'
import { fillPath, listApiRoutes, routeKey } from '#tests/route-table'
import { createTestApp, TEST_PUBLIC_URL } from '#tests/test-app'
import type { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { DRAW_UPLOAD_MAX_BYTES, DRAW_UPLOAD_PATH } from '#server/features/draw/draw.routes'
import { AUTH_ENDPOINTS } from './hostile/route-inputs'
import { fingerprintDatabase } from './support/database-fingerprint'

const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE']

/** A JSON document of exactly `bytes` bytes: {"padding":"xxx…"}. */
function jsonOfSize(bytes: number): string {
  const frame = '{"padding":""}'
  return `{"padding":"${'x'.repeat(bytes - frame.length)}"}`
}

/** The body as a stream of 8 KiB chunks: no Content-Length, as a chunked upload arrives. */
function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  let offset = 0
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(offset, offset + 8_192))
      offset += 8_192
    },
  })
}

describe.each(testDatabaseKinds)('the body limit on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('answers 413 to a body over the limit on every route and method, changing nothing', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const limit = setup.env.BODY_LIMIT_BYTES
    const admin = await signInAdmin(setup, db)
    const fan = await signInAs(setup, db)
    const targets = [
      ...listApiRoutes(setup.app)
        .filter((route) => STATE_CHANGING.includes(route.method) && !route.path.includes('*'))
        .map((route) => ({
          method: route.method,
          path: fillPath(route.path),
          key: routeKey(route),
        })),
      ...AUTH_ENDPOINTS.filter((endpoint) => endpoint.method === 'POST').map((endpoint) => ({
        method: 'POST',
        path: endpoint.path,
        key: `POST ${endpoint.path}`,
      })),
      // Methods no route has, and a path no route matches: refused before anything reads them.
      ...STATE_CHANGING.map((method) => ({
        method,
        path: '/api/no-such-route',
        key: `${method} /api/no-such-route`,
      })),
      ...STATE_CHANGING.map((method) => ({ method, path: '/', key: `${method} /` })),
    ]
    expect(targets.length).toBeGreaterThan(25)
    const before = await fingerprintDatabase(db)
    // The draw import's two routes take a file up to their own, larger limit (decision 140).
    const limitOf = (path: string) => (DRAW_UPLOAD_PATH.test(path) ? DRAW_UPLOAD_MAX_BYTES : limit)

    for (const target of targets) {
      const over = jsonOfSize(limitOf(target.path) + 1)
      const caller: TestBrowser = target.path.startsWith('/api/admin') ? admin.browser : fan.browser
      const headers = { Cookie: cookieOf(caller), Origin: TEST_PUBLIC_URL }
      const withLength = await setup.app.request(target.path, {
        method: target.method,
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: over,
      })
      await expectTooLarge(withLength, `${target.key} with Content-Length`)

      const streamed = await setup.app.request(
        new Request(`http://localhost${target.path}`, {
          method: target.method,
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: streamOf(over),
          duplex: 'half',
        } as RequestInit),
      )
      await expectTooLarge(streamed, `${target.key} streamed`)
    }

    await setup.mailer.idle()
    expect(await fingerprintDatabase(db)).toEqual(before)
    await expectLedgerAudit(db)
    console.info(
      `body limit on ${kind}: ${targets.length} targets × 2 uploads of limit + 1 B → 413`,
    )
  })

  it('reads a body of exactly the limit', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const res = await admin.browser.request('/api/admin/players', {
      method: 'POST',
      body: jsonOfSize(setup.env.BODY_LIMIT_BYTES),
      headers: { 'Content-Type': 'application/json' },
    })
    // Past the limit check: the validator refuses the body's content instead.
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED')
    await expectLedgerAudit(db)
  })
})

async function expectTooLarge(res: Response, what: string) {
  const text = await res.text()
  expect(res.status, `${what}: ${text.slice(0, 200)}`).toBe(413)
  expect(JSON.parse(text), what).toEqual({
    error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) },
  })
}

function cookieOf(browser: TestBrowser): string {
  return [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
}
