// The draw import and export over HTTP (docs/product.md "Importing a draw", decision 140), on
// both databases: the preview writes nothing, the import writes the draw once, the export
// re-imports to the same draw.
import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bracketStructureProblems } from '#domain/bracket/bracket-structure'
import type { DrawImportResult, DrawPreview } from '#shared/schemas/admin'
import { auditLog, matches, players, teams } from '#server/db/schema'
import { errorOf, signInAdmin, signInAs } from '#server/features/admin/admin-test-support'
import { insertAccount, insertBracketTournament } from '#tests/game-factories'
import { insertBet, insertTournament } from '#tests/factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import {
  drawRowCounts,
  drawUpload,
  SAMPLE_DRAW_CSV,
  SAMPLE_DRAW_JSON,
  sampleWith,
} from './draw-test-support'

describe.each(testDatabaseKinds)('the draw import on %s', (kind) => {
  const database = useTestDatabase(kind)

  async function setUp() {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const tournament = await insertTournament(db)
    return { setup, db, admin, tournament }
  }

  async function roundOf16(tournamentId: string) {
    const { db } = database()
    const rows = await db
      .select({ match: matches, first: teams })
      .from(matches)
      .innerJoin(teams, eq(teams.id, matches.team1Id))
      .where(and(eq(matches.tournamentId, tournamentId), eq(matches.round, 'round16')))
      .orderBy(asc(matches.matchNumber))
    return rows.map(({ match, first }) => ({ number: match.matchNumber, seed: first.seed }))
  }

  it('previews the sample draw without writing anything', async () => {
    const { db, admin, tournament } = await setUp()
    const before = await drawRowCounts(db, tournament.id)
    const res = await drawUpload(admin.browser, tournament.id, 'preview', SAMPLE_DRAW_CSV)
    expect(res.status).toBe(200)
    const preview = (await res.json()) as DrawPreview
    expect(preview).toMatchObject({
      format: 'csv',
      encoding: 'utf-8',
      problems: [],
      isUnchanged: false,
      blockedBy: null,
      canImport: true,
    })
    expect(preview.summary).toEqual({
      playersCreated: 32,
      playersUpdated: 0,
      playersReused: 0,
      pairsCreated: 16,
      pairsReused: 0,
      round16Created: 8,
      round16Changed: 0,
      laterMatchesCreated: 7,
    })
    expect(preview.rows[1]).toMatchObject({
      row: 2,
      seed: 16,
      matchNumber: 1,
      cells: { player1_name: 'Pablo Lima', player2_ranking: '32' },
      player1: { name: 'Pablo Lima', country: 'BR', ranking: 31, action: 'create' },
    })
    expect(await drawRowCounts(db, tournament.id)).toEqual(before)
  })

  it('imports the draw once, audited, in draw order; the same file again changes nothing', async () => {
    const { db, admin, tournament } = await setUp()
    const res = await drawUpload(admin.browser, tournament.id, 'import', SAMPLE_DRAW_CSV)
    expect(res.status, await res.clone().text()).toBe(200)
    expect(((await res.json()) as DrawImportResult).changed).toBe(true)

    const stored = await db.select().from(matches).where(eq(matches.tournamentId, tournament.id))
    expect(bracketStructureProblems(stored)).toEqual([])
    // Rows 1 and 2 meet in match 1 (seeds 1 and 16), rows 3 and 4 in match 2 (8 and 9), …
    expect(await roundOf16(tournament.id)).toEqual(
      [1, 8, 5, 4, 6, 3, 7, 2].map((seed, index) => ({ number: index + 1, seed })),
    )
    const [coello] = await db.select().from(players).where(eq(players.name, 'Arturo Coello'))
    expect(coello).toMatchObject({ country: 'ES', ranking: 1, externalId: 'GP-0001' })
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, tournament.id))
    expect(audit.map((row) => row.action)).toEqual(['import_draw'])

    const after = await drawRowCounts(db, tournament.id)
    const again = await drawUpload(admin.browser, tournament.id, 'import', SAMPLE_DRAW_CSV)
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({
      changed: false,
      summary: { playersCreated: 0, playersReused: 32, pairsCreated: 0, pairsReused: 16 },
    })
    expect(await drawRowCounts(db, tournament.id)).toEqual(after)
  })

  it('imports the JSON sample as the same draw as the CSV sample', async () => {
    const { admin, tournament } = await setUp()
    const res = await drawUpload(
      admin.browser,
      tournament.id,
      'import',
      SAMPLE_DRAW_JSON,
      'draw.json',
    )
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toMatchObject({ changed: true, summary: { pairsCreated: 16 } })
    const csv = (await (
      await drawUpload(admin.browser, tournament.id, 'preview', SAMPLE_DRAW_CSV)
    ).json()) as DrawPreview
    expect(csv).toMatchObject({ problems: [], isUnchanged: true })
    expect(await roundOf16(tournament.id)).toEqual(
      [1, 8, 5, 4, 6, 3, 7, 2].map((seed, index) => ({ number: index + 1, seed })),
    )
  })

  it('exports draw.csv that re-imports to the same draw, here and into another tournament', async () => {
    const { db, admin, tournament } = await setUp()
    await drawUpload(admin.browser, tournament.id, 'import', SAMPLE_DRAW_CSV)
    const res = await admin.browser.get(`/api/admin/tournaments/${tournament.id}/draw.csv`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="draw.csv"')
    const exported = new Uint8Array(await res.arrayBuffer())
    // With a BOM for spreadsheets and CRLF line ends; otherwise the sample, row for row.
    expect([...exported.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(exported)
    expect(text.replaceAll('\r\n', '\n')).toBe(SAMPLE_DRAW_CSV)

    const same = await drawUpload(admin.browser, tournament.id, 'import', exported)
    expect(await same.json()).toMatchObject({ changed: false })

    const other = await insertTournament(db)
    const playersBefore = (await drawRowCounts(db, other.id)).players
    const copy = await drawUpload(admin.browser, other.id, 'import', exported)
    expect(await copy.json()).toMatchObject({
      changed: true,
      summary: { playersCreated: 0, playersReused: 32, pairsCreated: 16 },
    })
    expect((await drawRowCounts(db, other.id)).players).toBe(playersBefore)
    expect(await roundOf16(other.id)).toEqual(await roundOf16(tournament.id))
  })

  it('moves pairs between matches when the rows change order', async () => {
    const { admin, tournament } = await setUp()
    await drawUpload(admin.browser, tournament.id, 'import', SAMPLE_DRAW_CSV)
    const lines = SAMPLE_DRAW_CSV.trimEnd().split('\n')
    ;[lines[1], lines[3]] = [lines[3]!, lines[1]!]
    const res = await drawUpload(admin.browser, tournament.id, 'import', lines.join('\n'))
    expect(await res.json()).toMatchObject({
      changed: true,
      summary: { pairsCreated: 0, round16Changed: 2, round16Created: 0 },
    })
    expect((await roundOf16(tournament.id)).slice(0, 2)).toEqual([
      { number: 1, seed: 8 },
      { number: 2, seed: 1 },
    ])
  })

  it('names every problem by row and column, and the import refuses them writing nothing', async () => {
    const { db, admin, tournament } = await setUp()
    let file = sampleWith(2, 1, '') // row 2: no name for player 1
    file = file.replace('Javi Garrido,ES,15', 'Javi Garrido,ES,0') // row 3: ranking 0
    file = file.replace('Mike Yanguas', 'Arturo Coello') // row 5: Coello again (row 1)
    file = file.trimEnd().split('\n').slice(0, 16).join('\n') // 15 pairs
    const before = await drawRowCounts(db, tournament.id)
    const preview = (await (
      await drawUpload(admin.browser, tournament.id, 'preview', file)
    ).json()) as DrawPreview
    expect(preview.canImport).toBe(false)
    expect(preview.problems).toEqual([
      { row: null, column: null, code: 'pair_count', count: 15 },
      { row: 2, column: 'player1_name', code: 'required' },
      { row: 3, column: 'player1_ranking', code: 'ranking_not_positive_integer' },
      { row: 5, column: 'player1_name', code: 'player_in_two_pairs', otherRow: 1 },
    ])
    const res = await drawUpload(admin.browser, tournament.id, 'import', file)
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.details).toEqual({ problems: preview.problems })
    expect(await drawRowCounts(db, tournament.id)).toEqual(before)
  })

  it('finds a player already in another pair of the tournament', async () => {
    const { db, admin, tournament } = await setUp()
    // The sample's players exist (imported into another tournament); Pablo Lima (row 2) is
    // already paired with someone else in this one.
    await drawUpload(admin.browser, (await insertTournament(db)).id, 'import', SAMPLE_DRAW_CSV)
    const [lima] = await db.select().from(players).where(eq(players.name, 'Pablo Lima'))
    const [partner] = await db
      .insert(players)
      .values({ name: 'Someone Else', country: 'ES' })
      .returning()
    await db
      .insert(teams)
      .values({ tournamentId: tournament.id, player1Id: lima!.id, player2Id: partner!.id })
    const preview = (await (
      await drawUpload(admin.browser, tournament.id, 'preview', SAMPLE_DRAW_CSV)
    ).json()) as DrawPreview
    expect(preview.problems).toEqual([
      { row: 2, column: 'player1_name', code: 'player_in_other_pair' },
    ])
  })

  it('is refused once a bracket is submitted, and once results exist', async () => {
    const { db, admin } = await setUp()
    const bracket = await insertBracketTournament(db)
    const fan = await insertAccount(db, { balance: 500 })
    await insertBet(db, {
      walletId: fan.walletId,
      userId: fan.userId,
      tournamentId: bracket.tournament.id,
    })
    const preview = (await (
      await drawUpload(admin.browser, bracket.tournament.id, 'preview', SAMPLE_DRAW_CSV)
    ).json()) as DrawPreview
    expect(preview).toMatchObject({ blockedBy: 'DRAW_HAS_BETS', canImport: false })
    const res = await drawUpload(admin.browser, bracket.tournament.id, 'import', SAMPLE_DRAW_CSV)
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ error: { code: 'CONFLICT', reason: 'DRAW_HAS_BETS' } })

    const played = await insertBracketTournament(db)
    const first = played.matches[0]!
    await db.update(matches).set({ winnerTeamId: first.team1Id }).where(eq(matches.id, first.id))
    const refused = await drawUpload(admin.browser, played.tournament.id, 'import', SAMPLE_DRAW_CSV)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ error: { reason: 'RESULTS_EXIST' } })
  })

  it('answers 404 for an unknown tournament, on the export too', async () => {
    const { admin } = await setUp()
    const unknown = '00000000-0000-4000-8000-000000000000'
    for (const id of [unknown, 'not-a-uuid']) {
      expect((await drawUpload(admin.browser, id, 'preview', SAMPLE_DRAW_CSV)).status).toBe(404)
      expect((await drawUpload(admin.browser, id, 'import', SAMPLE_DRAW_CSV)).status).toBe(404)
      expect((await admin.browser.get(`/api/admin/tournaments/${id}/draw.csv`)).status).toBe(404)
    }
  })

  it('closes the three routes to visitors and fans before reading the file', async () => {
    const { setup, db, tournament } = await setUp()
    const visitor = new TestBrowser(setup.app)
    const fan = await signInAs(setup, db)
    for (const [browser, status] of [
      [visitor, 401],
      [fan.browser, 403],
    ] as const) {
      for (const action of ['preview', 'import'] as const) {
        expect((await drawUpload(browser, tournament.id, action, SAMPLE_DRAW_CSV)).status).toBe(
          status,
        )
      }
      const exported = await browser.get(`/api/admin/tournaments/${tournament.id}/draw.csv`)
      expect(exported.status).toBe(status)
    }
    expect((await drawRowCounts(db, tournament.id)).pairs).toBe(0)
  })
})
