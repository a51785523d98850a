// Access rules over the app's real route table, so a route added later is covered without
// anyone remembering to list it: every /api/admin route is closed to visitors (401) and to fans
// (403) before its input is read; the other routes never take a user id; and the routes that
// need a session are exactly the ones the BOLA test (user-scoped.routes.test.ts) checks.
import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, walletTransactions } from './db/schema'
import { signInAdmin, signInAs } from './features/admin/admin-test-support'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { fillPath, listApiRoutes, pathParams, routeKey, type ApiRoute } from '#tests/route-table'
import { NAMED_FAN_ROUTES, SIGNED_IN_ROUTES } from '#tests/user-scoped-routes'

/** A few admin routes that must be in the table (if these go missing, the walk is broken). */
const KNOWN_ADMIN_ROUTES = [
  'GET /api/admin/stats',
  'GET /api/admin/tournaments',
  'POST /api/admin/tournaments/:id/settle',
  'GET /api/admin/tournaments/:id/settlement',
  'POST /api/admin/tournaments/:id/cancel',
  'GET /api/admin/users/:id/transactions',
  'POST /api/admin/wallets/:userId/adjustments',
  'GET /api/admin/audit',
]

const OWNER_ACTS_ON_A_FAN: string[] = [
  'DELETE /api/leagues/:id/members/:userId',
  'DELETE /api/leagues/:id/removals/:userId',
]

const isAdminRoute = (route: ApiRoute) => route.path.startsWith('/api/admin')
// better-auth's own routes (/api/auth/*) are tested in src/server/auth.
const isAuthRoute = (route: ApiRoute) => route.path.startsWith('/api/auth')

function requestFor(route: ApiRoute) {
  // A JSON body on everything but GET/HEAD; TestBrowser adds the app's own Origin to those.
  return route.method === 'GET' || route.method === 'HEAD'
    ? { method: route.method }
    : { method: route.method, json: {} }
}

async function errorCode(res: Response): Promise<string | undefined> {
  const body = (await res.json()) as { error?: { code?: string } }
  return body.error?.code
}

describe('the route table', () => {
  const database = useTestDatabase('pglite')

  it('lists the admin routes, the known ones included', () => {
    const { app } = createTestApp(database())
    const admin = listApiRoutes(app).filter(isAdminRoute).map(routeKey)
    expect(admin.length).toBeGreaterThanOrEqual(KNOWN_ADMIN_ROUTES.length)
    expect(admin).toEqual(expect.arrayContaining(KNOWN_ADMIN_ROUTES))
  })

  it('has no route outside /api/admin that takes a user id', () => {
    const { app } = createTestApp(database())
    // A fan's bracket names its fan by the public username, on purpose (decision 095).
    const namesAFan = (route: ApiRoute) =>
      (NAMED_FAN_ROUTES as readonly string[]).includes(routeKey(route))
    const others = listApiRoutes(app).filter((route) => !isAdminRoute(route) && !namesAFan(route))
    expect(others.length).toBeGreaterThan(0)
    for (const route of others) {
      // A league's owner removes a member by id, and lets a removed fan back: only a member of
      // (or a fan removed from) the owner's own league (docs/decisions/105, 153); anything else
      // is a 404.
      if (OWNER_ACTS_ON_A_FAN.includes(routeKey(route))) continue
      expect(route.path, routeKey(route)).not.toMatch(/user/i)
      // Only the tournament routes (the tournament's id), the share routes (a share id, an HMAC
      // the server made: docs/decisions/103; a season card's alike, decision 164), the league routes (a league's id, an invite code,
      // a pot's tournament), the season routes (a season's id) and the calendar feed (its secret
      // token, decision 133) have a parameter.
      for (const param of pathParams(route.path)) {
        expect(`${param} in ${route.path}`).toMatch(
          /^(id in \/api\/tournaments\/:id|shareId in \/api\/share\/:shareId|shareId in \/api\/season-share\/:shareId|id in \/api\/leagues\/:id|code in \/api\/leagues\/invites\/:code$|tournamentId in \/api\/leagues\/:id\/pots\/:tournamentId|id in \/api\/seasons\/:id|token in \/api\/calendar\/:token$)(\/|$)/,
        )
      }
    }
  })
})

describe.each(testDatabaseKinds)('access over the route table on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('answers 401 to visitors and 403 to fans on every /api/admin route, changing nothing', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const adminRoutes = listApiRoutes(setup.app).filter(isAdminRoute)
    expect(adminRoutes.length).toBeGreaterThan(0)
    const visitor = new TestBrowser(setup.app)
    const fan = await signInAs(setup, db)
    const countRows = async () => ({
      audit: (await db.select({ n: count() }).from(auditLog))[0]!.n,
      ledger: (await db.select({ n: count() }).from(walletTransactions))[0]!.n,
    })
    const before = await countRows()

    for (const route of adminRoutes) {
      const path = fillPath(route.path)
      const asVisitor = await visitor.request(path, requestFor(route))
      expect(asVisitor.status, `visitor: ${routeKey(route)}`).toBe(401)
      expect(await errorCode(asVisitor), `visitor: ${routeKey(route)}`).toBe('UNAUTHENTICATED')
      const asFan = await fan.browser.request(path, requestFor(route))
      expect(asFan.status, `fan: ${routeKey(route)}`).toBe(403)
      expect(await errorCode(asFan), `fan: ${routeKey(route)}`).toBe('FORBIDDEN')
    }
    // Also a path under /api/admin that no route matches: the role check comes first there too.
    expect((await visitor.get('/api/admin/no-such-route')).status).toBe(401)
    expect((await fan.browser.get('/api/admin/no-such-route')).status).toBe(403)
    expect(await countRows()).toEqual(before)
  })

  it('lets an admin past the check on every /api/admin route', async () => {
    const setup = createTestApp(database())
    const admin = await signInAdmin(setup, database().db)
    for (const route of listApiRoutes(setup.app).filter(isAdminRoute)) {
      // Random ids and empty bodies: refused by validation or as not found, so nothing changes.
      const res = await admin.browser.request(fillPath(route.path), requestFor(route))
      expect([401, 403], routeKey(route)).not.toContain(res.status)
    }
  })

  it('needs a session on exactly the user-scoped routes, and on no public one', async () => {
    const setup = createTestApp(database())
    const visitor = new TestBrowser(setup.app)
    const signedInOnly: string[] = []
    for (const route of listApiRoutes(setup.app)) {
      if (isAdminRoute(route) || isAuthRoute(route)) continue
      const res = await visitor.request(fillPath(route.path), requestFor(route))
      if (res.status === 401) signedInOnly.push(routeKey(route))
    }
    // A new route that needs a session belongs in SIGNED_IN_ROUTES, and so in the BOLA test.
    expect(signedInOnly.sort()).toEqual([...SIGNED_IN_ROUTES, ...NAMED_FAN_ROUTES].sort())
  })
})
