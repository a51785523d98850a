// The OpenAPI document (docs/decisions/160): it names every route the app mounts and no other,
// it is a valid OpenAPI 3.1 document, its reference page comes from this server alone under a
// strict CSP, and what the routes answer matches what it documents.
import { randomUUID } from 'node:crypto'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { signInAdmin } from '#server/features/admin/admin-test-support'
import { expectDocumentedAnswer } from '#tests/documented-answers'
import { betBody, insertBracketTournament, signInAs } from '#tests/game-factories'
import { listApiRoutes, routeKey } from '#tests/route-table'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { NAMED_FAN_ROUTES, SIGNED_IN_ROUTES } from '#tests/user-scoped-routes'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { errorCodesOf, listDocumentedRoutes } from './openapi-document'
import { apiDocsAssetUrl } from './api-docs-page'

const documentedKeys = () =>
  listDocumentedRoutes().map((route) => `${route.method.toUpperCase()} ${route.path}`)

describe.each(testDatabaseKinds)('the OpenAPI document on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('documents every route the app mounts, and only those', () => {
    const { app } = createTestApp(database())
    const mounted = listApiRoutes(app).map(routeKey)
    expect(mounted.length).toBeGreaterThan(90)
    const documented = documentedKeys()
    // better-auth's catch-all is documented by the endpoints under it that the web uses.
    const underWildcard = (key: string, wildcard: string) =>
      wildcard.endsWith('/*') && key.startsWith(wildcard.slice(0, -1))
    const missing = mounted.filter(
      (key) => !documented.includes(key) && !documented.some((known) => underWildcard(known, key)),
    )
    expect(missing).toEqual([])
    const notMounted = documented.filter(
      (key) => !mounted.includes(key) && !mounted.some((wildcard) => underWildcard(key, wildcard)),
    )
    expect(notMounted).toEqual([])
    expect(new Set(documented).size).toBe(documented.length)
  })

  it('documents a session exactly on the routes that need one', () => {
    const needSession = listDocumentedRoutes()
      .filter((route) => route.access === 'fan' && !route.path.startsWith('/api/auth/'))
      .map((route) => `${route.method.toUpperCase()} ${route.path}`)
    expect(needSession.sort()).toEqual([...SIGNED_IN_ROUTES, ...NAMED_FAN_ROUTES].sort())
    for (const route of listDocumentedRoutes()) {
      expect(route.access === 'admin', route.path).toBe(route.path.startsWith('/api/admin'))
    }
  })

  it('serves a valid OpenAPI 3.1 document, with admin routes in their own tag', async () => {
    const { app } = createTestApp(database())
    const res = await app.request('/api/openapi.json')
    expect(res.status).toBe(200)
    const document = (await res.json()) as {
      openapi: string
      paths: Record<string, Record<string, { tags: string[]; responses: Record<string, unknown> }>>
    }
    const validator = new Validator()
    const result = await validator.validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')

    for (const [path, operations] of Object.entries(document.paths)) {
      for (const operation of Object.values(operations)) {
        expect(operation.tags.includes('Admin'), path).toBe(path.startsWith('/api/admin'))
      }
    }
    const placeBet = document.paths['/api/tournaments/{id}/bets']!.post!
    expect(Object.keys(placeBet.responses).sort()).toEqual(
      ['201', '400', '401', '402', '403', '404', '409', '413', '415', '503'].sort(),
    )
    expect(JSON.stringify(placeBet.responses['409'])).toMatch(/ALREADY_BET.*BETTING_CLOSED/)
    const adminRoute = listDocumentedRoutes().find((route) => route.path === '/api/admin/audit')!
    expect(errorCodesOf(adminRoute)).toEqual(
      expect.arrayContaining(['UNAUTHENTICATED', 'FORBIDDEN', 'VALIDATION_FAILED']),
    )
  })

  it('serves the reference page and its files from this server alone, with a strict CSP', async () => {
    const { app } = createTestApp(database())
    const res = await app.request('/api/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/)
    const csp = res.headers.get('Content-Security-Policy') ?? ''
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("style-src 'self';")
    expect(csp).toContain("frame-ancestors 'none'")
    // No other host, no inline code: no scheme but data: images, no nonce, hash or unsafe-*.
    expect(csp).not.toMatch(/https?:|'nonce-|'sha256-|'unsafe-/)
    const html = await res.text()
    expect(html).not.toMatch(/<script>|<script [^>]*src="(?!\/api\/docs\/)|https?:\/\//)
    expect(html).not.toMatch(/<style|style="/)
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1])
    expect(urls).toEqual([
      apiDocsAssetUrl('swagger-ui.css'),
      apiDocsAssetUrl('swagger-ui-bundle.js'),
      apiDocsAssetUrl('init.js'),
    ])

    for (const [url, type, content] of [
      [apiDocsAssetUrl('swagger-ui.css'), 'text/css', '.swagger-ui'],
      [apiDocsAssetUrl('swagger-ui-bundle.js'), 'text/javascript', 'SwaggerUIBundle'],
      [apiDocsAssetUrl('init.js'), 'text/javascript', "url: '/api/openapi.json'"],
    ] as const) {
      expect(url).toMatch(/^\/api\/docs\/[\w.-]+\?v=[\w.]+$/)
      const asset = await app.request(url)
      expect(asset.status, url).toBe(200)
      expect(asset.headers.get('Content-Type'), url).toMatch(new RegExp(`^${type}`))
      expect(asset.headers.get('Cache-Control'), url).toBe('public, max-age=31536000, immutable')
      expect(await asset.text(), url).toContain(content)
    }
    // Only those files: nothing else of swagger-ui-dist (nor of node_modules) is reachable.
    for (const path of ['/api/docs/index.html', '/api/docs/swagger-ui.js']) {
      expect((await app.request(path)).status, path).toBe(404)
    }
    // Every other answer keeps the app's policy, the landing page's inline script included.
    const other = (await app.request('/api/health')).headers.get('Content-Security-Policy') ?? ''
    expect(other).toContain("'sha256-")
    expect(other).not.toContain('unsafe-inline')
  })

  it('refuses an answer that does not match its documented schema or status', async () => {
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      })
    await expectDocumentedAnswer(answer({ status: 'ok' }), 'GET', '/api/health')
    await expect(
      expectDocumentedAnswer(answer({ status: 'fine' }), 'GET', '/api/health'),
    ).rejects.toThrow()
    await expect(
      expectDocumentedAnswer(answer({ status: 'ok' }, 201), 'GET', '/api/health'),
    ).rejects.toThrow()
  })

  it('answers as it documents: visitors, a fan placing a bet, an admin', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const fan = await signInAs(setup, db, { balance: 200 })
    const admin = await signInAdmin(setup, db)
    const visitor = new TestBrowser(setup.app)

    const check = async (
      browser: TestBrowser,
      method: 'GET' | 'POST',
      path: string,
      url: string,
      json?: unknown,
    ) => {
      const res = method === 'GET' ? await browser.get(url) : await browser.post(url, json)
      await expectDocumentedAnswer(res, method, path)
      return res.status
    }

    for (const path of [
      '/api/health',
      '/api/stats',
      '/api/session',
      '/api/tournaments',
      '/api/push/public-key',
    ]) {
      expect(await check(visitor, 'GET', path, path)).toBe(200)
    }
    for (const path of ['/api/tournaments/:id', '/api/tournaments/:id/prize-pool']) {
      expect(await check(visitor, 'GET', path, path.replace(':id', id))).toBe(200)
    }
    const unknown = `/api/tournaments/${randomUUID()}`
    expect(await check(visitor, 'GET', '/api/tournaments/:id', unknown)).toBe(404)
    for (const path of ['/api/me', '/api/leaderboard']) {
      expect(await check(visitor, 'GET', path, path)).toBe(401)
    }

    const bets = `/api/tournaments/${id}/bets`
    expect(
      await check(fan.browser, 'POST', '/api/tournaments/:id/bets', bets, betBody(bracket)),
    ).toBe(201)
    expect(
      await check(fan.browser, 'POST', '/api/tournaments/:id/bets', bets, betBody(bracket)),
    ).toBe(409)
    expect(
      await check(
        fan.browser,
        'GET',
        '/api/tournaments/:id/my-bet',
        `/api/tournaments/${id}/my-bet`,
      ),
    ).toBe(200)
    for (const path of [
      '/api/session',
      '/api/me',
      '/api/me/bets',
      '/api/me/stats',
      '/api/me/brackets',
      '/api/me/next-matches',
      '/api/me/transactions',
      '/api/me/top-up',
      '/api/me/preferences',
      '/api/me/calendar-feed',
      '/api/notifications',
      '/api/leagues',
      '/api/leaderboard',
      '/api/leaderboard/me',
      '/api/seasons',
    ]) {
      expect(await check(fan.browser, 'GET', path, path), path).toBe(200)
    }
    expect(await check(fan.browser, 'GET', '/api/admin/stats', '/api/admin/stats')).toBe(403)

    for (const path of [
      '/api/admin/stats',
      '/api/admin/tournaments',
      '/api/admin/players',
      '/api/admin/users',
      '/api/admin/wallets',
      '/api/admin/audit',
      '/api/admin/mail-outbox',
      '/api/admin/seasons',
    ]) {
      expect(await check(admin.browser, 'GET', path, path), path).toBe(200)
    }
    for (const path of ['/api/admin/tournaments/:id', '/api/admin/tournaments/:id/settlement']) {
      expect(await check(admin.browser, 'GET', path, path.replace(':id', id)), path).toBe(200)
    }
    for (const path of ['/api/admin/teams', '/api/admin/matches']) {
      expect(await check(admin.browser, 'GET', path, `${path}?tournamentId=${id}`), path).toBe(200)
    }
  })
})
