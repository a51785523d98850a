// Hostile and awkward draw files (decision 140): each is read right or refused with a 400 that
// names its reason, never a 500, and none writes anything.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { DrawPreview } from '#shared/schemas/admin'
import { players } from '#server/db/schema'
import { signInAdmin } from '#server/features/admin/admin-test-support'
import { insertTournament } from '#tests/factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { drawRowCounts, drawUpload, SAMPLE_DRAW_CSV, sampleWith } from './draw-test-support'

const HEADER = SAMPLE_DRAW_CSV.split('\n')[0]!

/** The sample as JSON: an array of objects with the same keys, rankings as numbers. */
function sampleAsJson(): string {
  const [header, ...lines] = SAMPLE_DRAW_CSV.trimEnd().split('\n')
  const keys = header!.split(',')
  const rows = lines.map((line) =>
    Object.fromEntries(
      line.split(',').map((cell, index) => {
        const key = keys[index]!
        const isNumber = key === 'seed' || key.endsWith('_ranking')
        return [key, isNumber ? Number(cell) : cell]
      }),
    ),
  )
  return JSON.stringify(rows, null, 2)
}

describe.each(testDatabaseKinds)('hostile draw files on %s', (kind) => {
  const database = useTestDatabase(kind)

  async function setUp() {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const tournament = await insertTournament(db)
    const preview = async (content: string | Uint8Array, name?: string) =>
      drawUpload(admin.browser, tournament.id, 'preview', content, name)
    return { setup, db, admin, tournament, preview }
  }

  async function expectRefused(res: Response, status: number, reason?: string) {
    expect(res.status).toBe(status)
    const body = (await res.json()) as {
      error: { code: string; reason?: string; details?: unknown }
    }
    if (reason) expect(body.error.reason).toBe(reason)
    return body.error
  }

  it('reads UTF-8 with a BOM and Latin-1 alike, accents and all', async () => {
    const { preview } = await setUp()
    const withBom = (await (await preview(`\uFEFF${SAMPLE_DRAW_CSV}`)).json()) as DrawPreview
    expect(withBom).toMatchObject({ encoding: 'utf-8', problems: [] })
    expect(withBom.rows[0]!.player2.name).toBe('Agustín Tapia')

    const latin1 = (await (
      await preview(Buffer.from(SAMPLE_DRAW_CSV, 'latin1'))
    ).json()) as DrawPreview
    expect(latin1).toMatchObject({ encoding: 'windows-1252', problems: [] })
    expect(latin1.rows[0]!.player2.name).toBe('Agustín Tapia')
    expect(latin1.rows[15]!.player2.name).toBe('Álex Arroyo')
  })

  it('refuses UTF-16 and binary junk with their reason', async () => {
    const { preview } = await setUp()
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(SAMPLE_DRAW_CSV, 'utf16le'),
    ])
    await expectRefused(await preview(utf16), 400, 'DRAW_FILE_UTF16')
    const everyByte = Uint8Array.from({ length: 4096 }, (_, index) => index % 256)
    await expectRefused(await preview(everyByte, 'draw.png'), 400, 'DRAW_FILE_NOT_TEXT')
    // No NUL, not UTF-8: read as Windows-1252, whose undefined bytes are controls.
    const highBytes = Uint8Array.from({ length: 2048 }, (_, index) => 0x80 + (index % 128))
    await expectRefused(await preview(highBytes), 400, 'DRAW_FILE_NOT_TEXT')
    await expectRefused(await preview(''), 400, 'DRAW_FILE_EMPTY')
    await expectRefused(await preview('\uFEFF \r\n'), 400, 'DRAW_FILE_EMPTY')
  })

  it('stores formula-looking names as text and exports them escaped, and back', async () => {
    const { db, admin, tournament } = await setUp()
    const formula = "=cmd|' /C calc'!A0"
    const file = sampleWith(3, 1, formula).replace('Alejandro Ruiz', '@SUM(1+1)')
    const res = await drawUpload(admin.browser, tournament.id, 'import', file)
    expect(res.status, await res.clone().text()).toBe(200)
    const [stored] = await db.select().from(players).where(eq(players.name, formula))
    expect(stored).toMatchObject({ name: formula, country: 'ES' })

    const exported = await (
      await admin.browser.get(`/api/admin/tournaments/${tournament.id}/draw.csv`)
    ).text()
    const row3 = exported.split('\r\n')[3]!
    expect(row3).toBe("8,'=cmd|' /C calc'!A0,ES,15,'@SUM(1+1),ES,16,,")
    const again = await drawUpload(admin.browser, tournament.id, 'import', exported)
    expect(await again.json()).toMatchObject({ changed: false })
  })

  it('refuses 10,000 rows without reading them, as CSV and as JSON', async () => {
    const { preview } = await setUp()
    const line = sampleWith(1, 0, '').split('\n')[1]!
    const csv = `${HEADER}\n${Array.from({ length: 10_000 }, () => line).join('\n')}\n`
    expect(csv.length).toBeLessThan(1024 * 1024)
    const error = await expectRefused(await preview(csv), 400, 'DRAW_FILE_TOO_MANY_ROWS')
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', details: { max: 64 } })
    const json = JSON.stringify(Array.from({ length: 10_000 }, () => ({ seed: 1 })))
    await expectRefused(await preview(json, 'draw.json'), 400, 'DRAW_FILE_TOO_MANY_ROWS')
  })

  it('reads a JSON draw, and refuses deep, broken or shapeless JSON', async () => {
    const { preview } = await setUp()
    const json = (await (await preview(sampleAsJson(), 'draw.json')).json()) as DrawPreview
    expect(json).toMatchObject({ format: 'json', problems: [], canImport: true })
    expect(json.rows[1]!.player1).toMatchObject({ name: 'Pablo Lima', ranking: 31 })

    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    await expectRefused(await preview(deep), 400, 'DRAW_FILE_TOO_DEEP')
    await expectRefused(await preview('[{"seed": {"a": 1}}]'), 400, 'DRAW_FILE_TOO_DEEP')
    await expectRefused(await preview('[{"seed": 1,]'), 400, 'DRAW_FILE_INVALID_JSON')
    await expectRefused(await preview('{"seed": 1}'), 400, 'DRAW_FILE_NOT_ROWS')
    await expectRefused(await preview('[1, 2]'), 400, 'DRAW_FILE_NOT_ROWS')
    const unknownKey = await expectRefused(
      await preview('[{"seed": 1, "nickname": "x"}]'),
      400,
      'DRAW_FILE_COLUMNS',
    )
    expect(unknownKey.details).toEqual({ missing: [], unknown: ['nickname'], repeated: [] })
    // A value that is no text or number is a problem of its cell.
    const flagged = (await (
      await preview('[{"seed": 1, "player1_name": true}]')
    ).json()) as DrawPreview
    expect(flagged.problems).toContainEqual({ row: 1, column: 'player1_name', code: 'not_text' })
  })

  it('reads semicolons and quoted commas, and names broken CSV and missing columns', async () => {
    const { preview } = await setUp()
    const semicolons = SAMPLE_DRAW_CSV.replaceAll(',', ';')
    expect(await (await preview(semicolons)).json()).toMatchObject({ problems: [] })
    const quoted = sampleWith(1, 1, '"Coello, Arturo"')
    const read = (await (await preview(quoted)).json()) as DrawPreview
    expect(read.rows[0]!.player1.name).toBe('Coello, Arturo')

    await expectRefused(
      await preview(sampleWith(2, 1, '"Pablo Lima')),
      400,
      'DRAW_FILE_INVALID_CSV',
    )
    const noRanking = SAMPLE_DRAW_CSV.replace('player2_ranking', 'player2_rank')
    const error = await expectRefused(await preview(noRanking), 400, 'DRAW_FILE_COLUMNS')
    expect(error.details).toEqual({
      missing: ['player2_ranking'],
      unknown: ['player2_rank'],
      repeated: [],
    })
  })

  it('answers 413 for a file over 1 MiB, 400 without a file and 415 for a form without origin', async () => {
    const { setup, db, admin, tournament, preview } = await setUp()
    const before = await drawRowCounts(db, tournament.id)
    const huge = `${HEADER}\n${'x'.repeat(1024 * 1024 + 10)}\n`
    await expectRefused(await preview(huge), 413)
    const hugeBody = `${HEADER}\n${'x'.repeat(2 * 1024 * 1024)}\n`
    await expectRefused(await preview(hugeBody), 413)

    const path = `/api/admin/tournaments/${tournament.id}/draw/import`
    await expectRefused(
      await admin.browser.post(path, { file: SAMPLE_DRAW_CSV }),
      400,
      'DRAW_FILE_MISSING',
    )
    const wrongField = new FormData()
    wrongField.append('draw', new Blob([SAMPLE_DRAW_CSV]), 'draw.csv')
    await expectRefused(
      await admin.browser.request(path, { method: 'POST', body: wrongField }),
      400,
      'DRAW_FILE_MISSING',
    )
    const brokenEnvelope = await admin.browser.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=nothing-here' },
      body: 'this is not multipart',
    })
    await expectRefused(brokenEnvelope, 400, 'DRAW_FILE_MISSING')

    // A form post that names no origin could come from a forged page: JSON only then.
    const noOrigin = new TestBrowser(setup.app, { origin: null })
    for (const [name, value] of admin.browser.cookies) noOrigin.cookies.set(name, value)
    const form = new FormData()
    form.append('file', new Blob([SAMPLE_DRAW_CSV]), 'draw.csv')
    await expectRefused(await noOrigin.request(path, { method: 'POST', body: form }), 415)
    expect(await drawRowCounts(db, tournament.id)).toEqual(before)
  })
})
