import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it, onTestFinished } from 'vitest'
import { MyBetSchema } from '#shared/schemas/bet'
import { SharedBracketSchema, type SharedBracket } from '#shared/schemas/share'
import type { Database } from '#server/db/client'
import { bets, matches, tournaments } from '#server/db/schema'
import { STRONG_PASSWORD } from '#tests/accounts'
import {
  betBody,
  insertAccount,
  insertBracketTournament,
  type BracketTournament,
} from '#tests/game-factories'
import { createCardImagesFor } from '#server/app'
import { createTestApp, createTestEnv, TEST_AUTH_SECRET, TEST_PUBLIC_URL } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { createShareIds } from '#server/game/share-id'
import { CARD_POOL_REFRESH_MS, findShareCardSource } from './share.service'

// Markup, and the patterns a string replacement would expand ($' $` $&): all shown as written.
const HOSTILE_NAME = `Cup "quoted" <script>alert('x')</script> & co $' $\` $&`

describe.each(testDatabaseKinds)('/api/share on %s', (kind) => {
  const database = useTestDatabase(kind)

  /** A tournament, a fan's bet on it (every pick: team 1) and browsers for each kind of viewer. */
  async function setUp({
    clientDir = null as string | null,
    username = undefined as string | undefined,
    drawing = {} as Record<string, string>,
  } = {}) {
    const { db } = database()
    const cardImages = createCardImagesFor(createTestEnv(drawing))
    onTestFinished(() => cardImages.close())
    const setup = createTestApp(database(), { clientDir, cardImages })
    const bracket = await insertBracketTournament(db, { name: HOSTILE_NAME })
    const owner = await signIn(setup.app, db, { username })
    const placed = await owner.post(
      `/api/tournaments/${bracket.tournament.id}/bets`,
      betBody(bracket),
    )
    expect(placed.status).toBe(201)
    const myBet = MyBetSchema.parse(
      await (await owner.get(`/api/tournaments/${bracket.tournament.id}/my-bet`)).json(),
    )
    const other = await signIn(setup.app, db)
    const admin = await signIn(setup.app, db, { role: 'admin' })
    const viewers = {
      owner,
      other,
      visitor: new TestBrowser(setup.app),
      admin,
    }
    return { ...setup, db, bracket, shareId: myBet.shareId!, myBet, viewers, cardImages }
  }

  it('my-bet carries the share id of the bet; none without a bet', async () => {
    const { db, bracket, myBet, viewers } = await setUp()
    const [bet] = await db.select().from(bets).where(eq(bets.tournamentId, bracket.tournament.id))
    expect(myBet.shareId).toMatch(/^[A-Za-z0-9_-]{38}$/)
    expect(createShareIds(TEST_AUTH_SECRET).betIdOf(myBet.shareId!)).toBe(bet!.id)
    const none = MyBetSchema.parse(
      await (await viewers.other.get(`/api/tournaments/${bracket.tournament.id}/my-bet`)).json(),
    )
    expect(none.shareId).toBeNull()
  })

  it('before the deadline: the fan, the tournament and the pool for everyone, never the picks', async () => {
    const { bracket, shareId, viewers } = await setUp()
    for (const [who, browser] of Object.entries(viewers)) {
      const res = await browser.get(`/api/share/${shareId}`)
      expect(res.status, who).toBe(200)
      const text = await res.text()
      const share = SharedBracketSchema.parse(JSON.parse(text))
      expect(share, who).toMatchObject({
        shareId,
        phase: 'entered',
        tournament: { id: bracket.tournament.id, name: HOSTILE_NAME, status: 'upcoming' },
        pool: { participantCount: 1, currentPrizePool: 5035 },
        bracket: null,
      })
      // No team, match or player id of the bracket appears anywhere in the answer.
      for (const team of bracket.teams) expect(text, who).not.toContain(team.id)
      for (const match of bracket.matches) expect(text, who).not.toContain(match.id)
    }
  })

  it('after the deadline: the bracket with its live marks, the same for every viewer', async () => {
    const { db, bracket, shareId, viewers } = await setUp()
    await closeBetting(db, bracket)
    // Round of 16, match 1: team 2 wins, so the pick (team 1) is wrong and busted onwards.
    const first = bracket.matches[0]!
    await db.update(matches).set({ winnerTeamId: first.team2Id }).where(eq(matches.id, first.id))
    // Match 2: team 1 wins, as picked.
    const second = bracket.matches[1]!
    await db.update(matches).set({ winnerTeamId: second.team1Id }).where(eq(matches.id, second.id))

    const answers: SharedBracket[] = []
    for (const [who, browser] of Object.entries(viewers)) {
      const res = await browser.get(`/api/share/${shareId}`)
      expect(res.status, who).toBe(200)
      answers.push(SharedBracketSchema.parse(await res.json()))
    }
    for (const answer of answers) expect(answer).toEqual(answers[0])
    const share = answers[0]!
    expect(share.phase).toBe('bracket')
    const body = share.bracket!
    expect(body.picks).toHaveLength(15)
    expect(body.correct).toBe(1)
    expect(body.total).toBe(16)
    const markOf = (matchId: string) => body.picks.find((pick) => pick.matchId === matchId)?.mark
    expect(markOf(first.id)).toBe('wrong')
    expect(markOf(second.id)).toBe('correct')
    // The quarterfinal fed by match 1 picked its loser: busted. Match 3's pick is still alive.
    const quarter1 = bracket.matches.find((m) => m.round === 'quarterfinal' && m.matchNumber === 1)!
    expect(markOf(quarter1.id)).toBe('busted')
    expect(markOf(bracket.matches[2]!.id)).toBe('alive')
    // Every pick is team 1: the champion is seed 1, knocked out in match 1.
    expect(body.champion).toMatchObject({ teamId: bracket.teams[0]!.id, mark: 'busted' })
    expect(body.mvp).toMatchObject({ playerId: bracket.teams[0]!.player1Id, mark: 'open' })
    // 1 correct + alive: 6 in the round of 16, 3 quarterfinals, 1 semifinal + the open MVP.
    expect(body.maxPossible).toBe(1 + 6 + 3 + 1 + 1)
    expect(body.pairs).toHaveLength(16)
  })

  it('invites to the sharer’s largest public league still open, never a private one', async () => {
    const { shareId, viewers } = await setUp()
    const leagueOf = async () =>
      SharedBracketSchema.parse(await (await viewers.visitor.get(`/api/share/${shareId}`)).json())
        .league
    expect(await leagueOf()).toBeNull()
    const create = async (name: string, visibility: 'public' | 'private') => {
      const res = await viewers.owner.post('/api/leagues', { name, visibility })
      expect(res.status).toBe(201)
      return ((await res.json()) as { id: string }).id
    }
    const secret = await create(`Secret ${crypto.randomUUID().slice(0, 8)}`, 'private')
    const small = await create(`Small ${crypto.randomUUID().slice(0, 8)}`, 'public')
    const large = await create(`Large ${crypto.randomUUID().slice(0, 8)}`, 'public')
    for (const fan of [viewers.other, viewers.admin]) {
      expect((await fan.post('/api/leagues/join', { leagueId: large })).status).toBe(200)
    }
    expect(secret).not.toBe(large)
    // The same answer for the owner, another fan, a visitor and an admin.
    for (const [who, browser] of Object.entries(viewers)) {
      const share = SharedBracketSchema.parse(
        await (await browser.get(`/api/share/${shareId}`)).json(),
      )
      expect(share.league, who).toMatchObject({ id: large, memberCount: 3 })
    }
    // Joining closed there: the next public one.
    const closed = await viewers.owner.request(`/api/leagues/${large}`, {
      method: 'PATCH',
      json: { joiningOpen: false },
    })
    expect(closed.status).toBe(200)
    expect(await leagueOf()).toMatchObject({ id: small, memberCount: 1 })
  })

  it('a cancelled tournament: the entry without picks', async () => {
    const { db, bracket, shareId, viewers } = await setUp()
    await closeBetting(db, bracket)
    await db
      .update(tournaments)
      .set({ status: 'cancelled' })
      .where(eq(tournaments.id, bracket.tournament.id))
    const share = SharedBracketSchema.parse(
      await (await viewers.visitor.get(`/api/share/${shareId}`)).json(),
    )
    expect(share).toMatchObject({
      phase: 'cancelled',
      bracket: null,
      pool: { participantCount: 0 },
    })
  })

  it('unknown, forged and malformed share ids are 404 NOT_FOUND, image included', async () => {
    const { shareId, viewers } = await setUp()
    const forged = `${shareId.slice(0, -1)}${shareId.endsWith('A') ? 'B' : 'A'}`
    const otherSecret = createShareIds('another-secret-of-at-least-32-characters!!')
    const foreign = otherSecret.shareIdOf('00000000-0000-7000-8000-000000000000')
    for (const id of [forged, foreign, 'abc', `${shareId}x`, '%00', 'a'.repeat(5000)]) {
      for (const path of [`/api/share/${id}`, `/api/share/${id}/image.png`]) {
        const res = await viewers.visitor.get(path)
        expect(res.status, path).toBe(404)
        expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
      }
    }
  })

  it('the image: a 1200×630 PNG, cached with an ETag, redrawn after a result', async () => {
    const { db, bracket, shareId, viewers, cardImages } = await setUp()
    await closeBetting(db, bracket)
    const path = `/api/share/${shareId}/image.png`

    const first = await viewers.visitor.get(path)
    expect(first.status).toBe(200)
    expect(first.headers.get('Content-Type')).toBe('image/png')
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=60, must-revalidate')
    const png = Buffer.from(await first.arrayBuffer())
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 })
    const etag = first.headers.get('ETag')!
    expect(etag).toMatch(/^".+"$/)
    expect(cardImages.draws).toBe(1)

    const second = await viewers.other.get(path)
    expect(Buffer.from(await second.arrayBuffer()).equals(png)).toBe(true)
    expect(second.headers.get('ETag')).toBe(etag)
    expect(cardImages.draws).toBe(1)
    const revalidated = await viewers.visitor.get(path, { 'If-None-Match': etag })
    expect(revalidated.status).toBe(304)
    expect(cardImages.draws).toBe(1)

    const match = bracket.matches[0]!
    await db.update(matches).set({ winnerTeamId: match.team1Id }).where(eq(matches.id, match.id))
    const after = await viewers.visitor.get(path, { 'If-None-Match': etag })
    expect(after.status).toBe(200)
    expect(after.headers.get('ETag')).not.toBe(etag)
    expect(cardImages.draws).toBe(2)

    const english = await viewers.visitor.get(`${path}?lang=en`)
    expect(english.status).toBe(200)
    expect(cardImages.draws).toBe(3)
    const badLanguage = await viewers.visitor.get(`${path}?lang=fr`)
    expect(badLanguage.status).toBe(400)
  })

  it('the image before the deadline: the pool counted when drawn, redrawn every ten minutes', async () => {
    const { db, bracket, shareId, viewers, cardImages } = await setUp()
    const path = `/api/share/${shareId}/image.png`
    expect((await viewers.visitor.get(path)).status).toBe(200)
    expect((await viewers.other.get(path)).status).toBe(200)
    expect(cardImages.draws).toBe(1)
    // What the card is drawn from: the deadline, the sharer's zone and the pool.
    const betId = createShareIds(TEST_AUTH_SECRET).betIdOf(shareId)!
    const now = new Date()
    const source = await findShareCardSource(db, { betId, now })
    expect(source.deadline).toEqual(bracket.tournament.bettingDeadline)
    expect(await source.loadPool()).toBe(5035)
    // The key holds within one period of CARD_POOL_REFRESH_MS and changes after it.
    const period = Math.floor(now.getTime() / CARD_POOL_REFRESH_MS) * CARD_POOL_REFRESH_MS
    const at = async (ms: number) =>
      (await findShareCardSource(db, { betId, now: new Date(period + ms) })).state
    expect(await at(1)).toBe(await at(CARD_POOL_REFRESH_MS - 1))
    expect(await at(CARD_POOL_REFRESH_MS)).not.toBe(await at(1))
    // After the deadline the pool is set: time alone no longer redraws the card.
    await closeBetting(db, bracket)
    const closedAt = Date.now()
    const after = async (ms: number) =>
      (await findShareCardSource(db, { betId, now: new Date(closedAt + ms) })).state
    expect(await after(0)).toMatch(/^bracket\|/)
    expect(await after(0)).toBe(await after(5 * CARD_POOL_REFRESH_MS))
  })

  it('drawings count per client address (429), a full queue is 503; kept images never count', async () => {
    const { db, bracket, shareId, viewers, cardImages } = await setUp({
      drawing: {
        CARD_DRAW_WORKERS: '1',
        CARD_DRAW_QUEUE_MAX: '0',
        CARD_DRAWS_PER_ADDRESS_PER_MINUTE: '3',
      },
    })
    await closeBetting(db, bracket)
    const path = `/api/share/${shareId}/image.png`
    // One worker and no queue: of two new cards asked for at once, one is drawn, one waits outside.
    const [spanish, english] = await Promise.all([
      viewers.visitor.get(`${path}?lang=es`),
      viewers.visitor.get(`${path}?lang=en`),
    ])
    expect([spanish.status, english.status].sort()).toEqual([200, 503])
    const refused = spanish.status === 503 ? spanish : english
    expect(refused.headers.get('Retry-After')).toBe('2')
    expect(await refused.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } })
    expect((await viewers.visitor.get(`${path}?lang=es`)).status).toBe(200)
    expect((await viewers.visitor.get(`${path}?lang=en`)).status).toBe(200)
    expect(cardImages.draws).toBe(3)

    // The visitor's browser is one client address: it has started 2 of its 3 drawings this minute.
    const [first, second] = bracket.matches
    await db.update(matches).set({ winnerTeamId: first!.team1Id }).where(eq(matches.id, first!.id))
    expect((await viewers.visitor.get(path)).status).toBe(200)
    await db
      .update(matches)
      .set({ winnerTeamId: second!.team1Id })
      .where(eq(matches.id, second!.id))
    const limited = await viewers.visitor.get(path)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } })
    // Another address draws it; and what is drawn already is served to anyone.
    expect((await viewers.other.get(path)).status).toBe(200)
    await db.update(matches).set({ winnerTeamId: null }).where(eq(matches.id, second!.id))
    expect((await viewers.visitor.get(path)).status).toBe(200)
  })

  it('the page /share/:id: the app shell with escaped Open Graph tags and absolute URLs', async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'gp-share-'))
    writeFileSync(join(clientDir, 'index.html'), readFileSync('index.html', 'utf8'))
    const username = `o"neil<script>`
    const { bracket, shareId, viewers } = await setUp({ clientDir, username })
    const res = await viewers.visitor.get(`/share/${shareId}`, {
      Accept: 'text/html',
      'Accept-Language': 'en-GB,en;q=0.9',
    })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).not.toContain('<script>alert')
    expect(html).not.toContain(`o"neil`)
    expect(html).toContain('o&quot;neil&lt;script&gt;')
    expect(html).toContain(
      'Cup &quot;quoted&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co $&#39; $` $&amp;',
    )
    expect(html.match(/<\/head>/g)).toHaveLength(1)
    expect(html).toContain('<html lang="en"')
    const meta = (key: string) =>
      new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]
    expect(meta('og:url')).toBe(`${TEST_PUBLIC_URL}/share/${shareId}`)
    expect(meta('og:image')).toBe(`${TEST_PUBLIC_URL}/api/share/${shareId}/image.png?lang=en`)
    expect(meta('twitter:card')).toBe('summary_large_image')
    expect(meta('twitter:image')).toBe(meta('og:image'))
    expect(meta('og:image:width')).toBe('1200')
    expect(meta('og:title')).toContain('entered')
    // One of each tag: the shell's defaults were replaced, not repeated.
    expect(html.match(/property="og:title"/g)).toHaveLength(1)
    expect(html.match(/name="twitter:card"/g)).toHaveLength(1)
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html).toContain('<div id="root"></div>')
    expect(bracket.tournament.name).toBe(HOSTILE_NAME)

    // The link the app shares carries the sharer's language: the crawler's own does not count.
    const sharersLanguage = await viewers.visitor.get(`/share/${shareId}?lang=es`, {
      Accept: 'text/html',
      'Accept-Language': 'en-GB,en;q=0.9',
    })
    const spanish = await sharersLanguage.text()
    expect(spanish).toContain('<html lang="es"')
    expect(spanish).toContain(`/api/share/${shareId}/image.png?lang=es"`)
    expect(spanish).toContain('se ha apuntado a')

    const unknown = await viewers.visitor.get('/share/nothing-here', { Accept: 'text/html' })
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('<div id="root"></div>')
  })
})

async function closeBetting(db: Database, bracket: BracketTournament) {
  await db
    .update(tournaments)
    .set({ bettingDeadline: new Date(Date.now() - 60_000) })
    .where(eq(tournaments.id, bracket.tournament.id))
}

/** A browser signed in as a new account (its e-mail never holds the hostile username). */
async function signIn(
  app: ReturnType<typeof createTestApp>['app'],
  db: Database,
  { username, role }: { username?: string | undefined; role?: 'admin' } = {},
) {
  const account = await insertAccount(db, {
    password: STRONG_PASSWORD,
    email: `share-${crypto.randomUUID()}@example.com`,
    ...(username === undefined ? {} : { username }),
    ...(role === undefined ? {} : { role }),
  })
  const browser = new TestBrowser(app)
  const res = await browser.post('/api/auth/sign-in/email', {
    email: account.email,
    password: STRONG_PASSWORD,
  })
  expect(res.status).toBe(200)
  return browser
}

/** Width and height from a PNG's signature and IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}
