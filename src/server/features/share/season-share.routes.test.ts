// A fan's season card for anyone with its link (docs/product.md "Seasons", decision 164): the owner,
// another fan, a visitor and an admin get the same answer, holding only what the card shows; a
// forged id, an unknown season and a season the fan did not play are 404 alike. Its image is a
// 1200×630 PNG through the share images' pool and cache; its page carries the Open Graph tags.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { SharedSeasonSchema } from '#shared/schemas/season'
import { createCardImagesFor } from '#server/app'
import { createSeasonShareIds } from '#server/features/seasons/season-share-ids'
import { setUpEndedSeason } from '#tests/season-scenes'
import { createTestApp, createTestEnv, TEST_AUTH_SECRET, TEST_PUBLIC_URL } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

const shareIds = createSeasonShareIds(TEST_AUTH_SECRET)

describe.each(testDatabaseKinds)('/api/season-share on %s', (kind) => {
  const database = useTestDatabase(kind)

  async function scene() {
    const { db } = database()
    const clientDir = mkdtempSync(join(tmpdir(), 'gp-season-share-'))
    writeFileSync(join(clientDir, 'index.html'), readFileSync('index.html', 'utf8'))
    const cardImages = createCardImagesFor(createTestEnv())
    onTestFinished(() => cardImages.close())
    const setup = createTestApp(database(), { clientDir, cardImages })
    const season = await setUpEndedSeason(setup, db)
    const mine = await season.mySeason(season.fans.ana.browser)
    const viewers = {
      owner: season.fans.ana.browser,
      other: season.fans.cai.browser,
      visitor: new TestBrowser(setup.app),
      admin: season.admin.browser,
    }
    return { ...season, cardImages, mine, shareId: mine.shareId!, viewers }
  }

  it('shows the card alone, the same to the owner, another fan, a visitor and an admin', async () => {
    const { shareId, mine, viewers, name, seasonId, fans } = await scene()
    const answers = []
    for (const [who, browser] of Object.entries(viewers)) {
      const res = await browser.get(`/api/season-share/${encodeURIComponent(shareId)}`)
      expect(res.status, who).toBe(200)
      answers.push(await res.json())
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1)
    const card = SharedSeasonSchema.strict().parse(answers[0])
    expect(card).toEqual({
      shareId,
      username: mine.me!.username,
      season: { id: seasonId, name, endsOn: '2025-12-31', isRecap: false },
      rank: mine.me!.rank,
      fans: 2,
      points: mine.me!.points,
      played: 1,
      counted: 1,
      correct: mine.correct,
      bestTournament: 'Madrid Open',
      coinsWon: mine.me!.coinsWon,
      line: [{ name: 'Madrid Open', rank: mine.me!.rank }],
    })
    // Nothing of any other fan, nor the fan's account.
    const text = JSON.stringify(answers[0])
    expect(text).not.toContain(fans.ben.userId)
    expect(text).not.toContain(fans.ana.userId)
    expect(text).not.toContain(fans.ana.email)
  }, 120_000)

  it('is 404 for a forged id, an unknown season and a season the fan did not play', async () => {
    const { shareId, seasonId, fans, viewers } = await scene()
    const forged = `${shareId.slice(0, -2)}${shareId.endsWith('AA') ? 'BB' : 'AA'}`
    const notPlayed = shareIds.shareIdOf(seasonId, fans.cai.userId)
    const noSeason = shareIds.shareIdOf('00000000-0000-4000-8000-000000000000', fans.ana.userId)
    const foreign = createSeasonShareIds('another-secret-of-at-least-32-characters!!').shareIdOf(
      seasonId,
      fans.ana.userId,
    )
    for (const id of [forged, notPlayed, noSeason, foreign, 'abc', 'a'.repeat(5000)]) {
      for (const path of [`/api/season-share/${id}`, `/api/season-share/${id}/image.png`]) {
        for (const browser of [viewers.visitor, viewers.other]) {
          const res = await browser.get(path)
          expect(res.status, path).toBe(404)
          expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
        }
      }
      const page = await viewers.visitor.get(`/season-share/${id}`, { Accept: 'text/html' })
      expect(page.status).toBe(404)
    }
  }, 120_000)

  it('the image: a 1200×630 PNG, kept with an ETag, redrawn once the season is the recap', async () => {
    const { shareId, viewers, cardImages, wrapUp } = await scene()
    const path = `/api/season-share/${encodeURIComponent(shareId)}/image.png?lang=es`
    const first = await viewers.visitor.get(path)
    expect(first.status).toBe(200)
    expect(first.headers.get('Content-Type')).toBe('image/png')
    const png = Buffer.from(await first.arrayBuffer())
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 })
    const etag = first.headers.get('ETag')!
    expect((await viewers.other.get(path, { 'If-None-Match': etag })).status).toBe(304)
    expect(cardImages.draws).toBe(1)
    await wrapUp()
    const recap = await viewers.visitor.get(path, { 'If-None-Match': etag })
    expect(recap.status).toBe(200)
    expect(recap.headers.get('ETag')).not.toBe(etag)
    expect(cardImages.draws).toBe(2)
    const badLanguage = await viewers.visitor.get(
      `/api/season-share/${encodeURIComponent(shareId)}/image.png?lang=fr`,
    )
    expect(badLanguage.status).toBe(400)
  }, 120_000)

  it('the page /season-share/:id: the shell with the card in its Open Graph tags', async () => {
    const { shareId, viewers, wrapUp, name } = await scene()
    await wrapUp()
    const id = encodeURIComponent(shareId)
    const res = await viewers.visitor.get(`/season-share/${id}?lang=es`, {
      Accept: 'text/html',
      'Accept-Language': 'en-GB,en;q=0.9',
    })
    expect(res.status).toBe(200)
    const html = await res.text()
    const meta = (key: string) =>
      new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]
    expect(html).toContain('<html lang="es"')
    expect(meta('og:url')).toBe(`${TEST_PUBLIC_URL}/season-share/${id}`)
    expect(meta('og:image')).toBe(`${TEST_PUBLIC_URL}/api/season-share/${id}/image.png?lang=es`)
    expect(meta('og:image:width')).toBe('1200')
    expect(meta('twitter:card')).toBe('summary_large_image')
    expect(meta('og:title')).toContain('Mi 2025 en el pádel')
    expect(meta('og:title')).toContain(name)
    expect(meta('og:description')).toContain('Torneos jugados: 1 de 1')
    expect(html.match(/property="og:title"/g)).toHaveLength(1)
    expect(html).toContain('<div id="root"></div>')
  }, 120_000)
})

/** Width and height from a PNG's signature and IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}
