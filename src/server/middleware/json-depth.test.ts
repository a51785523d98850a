// Deeply nested JSON (issue #14): a 90 KB body of 45,000 nested arrays is under the body limit,
// and walking it recursively overflows the stack. Every route refuses it with 400 before anything
// walks it; legitimate bodies are unaffected.
import { describe, expect, it } from 'vitest'
import { betBody, insertBracketTournament, signInAs } from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAdmin } from '#server/features/admin/admin-test-support'
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './json-depth'

const DEPTH = 45_000
const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH)

describe('exceedsJsonDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(exceedsJsonDepth('{"a":[1,{"b":[]}]}', 4)).toBe(false)
    expect(exceedsJsonDepth('{"a":[1,{"b":[]}]}', 3)).toBe(true)
    expect(exceedsJsonDepth(`{"a":"${'['.repeat(100)}"}`, 1)).toBe(false)
    expect(exceedsJsonDepth(`{"a":"\\"${'{'.repeat(100)}"}`, 1)).toBe(false)
    expect(exceedsJsonDepth(`{"a":"\\\\",${'['.repeat(5)}`, 3)).toBe(true)
    expect(exceedsJsonDepth(deepArray, MAX_JSON_DEPTH)).toBe(true)
    expect(exceedsJsonDepth('[]'.repeat(10_000), 1)).toBe(false)
  })
})

describe.each(testDatabaseKinds)('deeply nested JSON on %s', (kind) => {
  const database = useTestDatabase(kind)

  async function expectRefused(res: Response) {
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { code: string; details?: unknown } }
    expect(body.error.code).toBe('VALIDATION_FAILED')
    expect(body.error.details).toEqual({ reason: 'NESTING_TOO_DEEP', maxDepth: MAX_JSON_DEPTH })
  }

  it('answers 400 on the auth routes (the recursive NUL check and the sign-up rewrite)', async () => {
    const setup = createTestApp(database())
    const browser = new TestBrowser(setup.app)
    for (const [path, body] of [
      ['/api/auth/sign-up/email', `{"email":"deep@example.com","password":${deepArray}}`],
      ['/api/auth/sign-up/email', deepArray],
      ['/api/auth/sign-in/email', `{"email":"deep@example.com","password":${deepArray}}`],
      ['/api/auth/reset-password', `{"token":${deepArray}}`],
    ] as const) {
      const res = await browser.request(path, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json' },
      })
      await expectRefused(res)
    }
  })

  it('answers 400 on the game and admin routes, and still takes a normal bet', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db)
    const admin = await signInAdmin(setup, db)
    const bracket = await insertBracketTournament(db)
    const betPath = `/api/tournaments/${bracket.tournament.id}/bets`
    const headers = { 'Content-Type': 'application/json' }

    await expectRefused(
      await fan.browser.request(betPath, { method: 'POST', body: deepArray, headers }),
    )
    await expectRefused(
      await admin.browser.request('/api/admin/players', {
        method: 'POST',
        body: `{"firstName":${deepArray}}`,
        headers,
      }),
    )
    // Just past the cap is refused; at the cap it reaches the route's own validation.
    const over = '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1)
    await expectRefused(await fan.browser.request(betPath, { method: 'POST', body: over, headers }))
    const atCap = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH)
    const validated = await fan.browser.request(betPath, { method: 'POST', body: atCap, headers })
    expect(validated.status).toBe(400)
    expect(
      ((await validated.json()) as { error: { details?: unknown } }).error.details,
    ).not.toEqual(expect.objectContaining({ reason: 'NESTING_TOO_DEEP' }))

    expect((await fan.browser.post(betPath, betBody(bracket))).status).toBe(201)
  })
})
