// The season recap (docs/product.md "Seasons", decision 164): once a season has ended and every one of
// its tournaments is settled or cancelled, each fan who played it is told once — an in-app
// notification, a push where the results switch lets it through, a mail where results mails are
// on — with the link to share their season card. A second run, a restart and a race of two
// runners tell nobody twice.
import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { NotificationPageSchema } from '#shared/schemas/notification'
import type { Database } from '#server/db/client'
import {
  mailOutbox,
  notifications,
  pushOutbox,
  pushSubscriptions,
  seasonRecaps,
  seasons,
  userPreferences,
} from '#server/db/schema'
import { renderPush } from '#server/game/push-kinds'
import { createTestApp, createTestEnv, TEST_AUTH_SECRET, TEST_PUBLIC_URL } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { writeSeasonRecaps } from './season-recap'
import { createSeasonShareIds } from './season-share-ids'
import { setUpEndedSeason } from '#tests/season-scenes'

const env = createTestEnv()
const shareIds = createSeasonShareIds(TEST_AUTH_SECRET)
const recap = (db: Database, batch?: number) =>
  writeSeasonRecaps(db, { env, shareIds, ...(batch === undefined ? {} : { batch }) })

describe.each(testDatabaseKinds)('season recap on %s', (kind) => {
  const database = useTestDatabase(kind)

  async function scene() {
    const { db } = database()
    const setup = createTestApp(database())
    const season = await setUpEndedSeason(setup, db)
    const { ana, ben } = season.fans
    // Ana reads Spanish; Ben turned results mails and results pushes off. Both have a device.
    await db.insert(userPreferences).values([
      { userId: ana.userId, locale: 'es' },
      { userId: ben.userId, results: false, push: { results: false } },
    ])
    await db.insert(pushSubscriptions).values(
      [ana, ben].map((fan) => ({
        userId: fan.userId,
        endpoint: `https://push.example/${fan.userId}`,
        p256dh: 'key',
        auth: 'auth',
      })),
    )
    const written = async () => {
      const fanIds = Object.values(season.fans).map((fan) => fan.userId)
      const emails = Object.values(season.fans).map((fan) => fan.email)
      return {
        recaps: await db
          .select()
          .from(seasonRecaps)
          .where(eq(seasonRecaps.seasonId, season.seasonId)),
        notes: await db
          .select()
          .from(notifications)
          .where(
            and(eq(notifications.kind, 'season_recap'), inArray(notifications.userId, fanIds)),
          ),
        mails: await db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails)),
        pushes: await db
          .select({ push: pushOutbox })
          .from(pushOutbox)
          .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
          .where(
            and(eq(pushOutbox.kind, 'season_recap'), inArray(pushSubscriptions.userId, fanIds)),
          )
          .then((rows) => rows.map((row) => row.push)),
      }
    }
    return { db, setup, ...season, written }
  }

  it('tells each fan who played once, in their language and by their switches', async () => {
    const { db, name, seasonId, fans, mySeason, wrapUp, written } = await scene()
    // Ended, but a tournament is still open: not yet the recap.
    expect(await recap(db)).toBe(0)
    expect((await mySeason(fans.ana.browser)).isRecap).toBe(false)
    await wrapUp()
    expect((await mySeason(fans.ana.browser)).isRecap).toBe(true)

    expect(await recap(db)).toBe(2)
    const first = await written()
    expect(first.recaps.map((row) => row.userId).sort()).toEqual(
      [fans.ana.userId, fans.ben.userId].sort(),
    )
    // Cai did not play: nothing. Ben has every results mail and push off: the notification only.
    expect(first.notes.map((row) => [row.userId, row.seasonId]).sort()).toEqual(
      [
        [fans.ana.userId, seasonId],
        [fans.ben.userId, seasonId],
      ].sort(),
    )
    expect(first.mails.map((mail) => mail.to)).toEqual([fans.ana.email])
    const mail = first.mails[0]!
    const shareId = (await mySeason(fans.ana.browser)).shareId!
    expect(mail.subject).toBe('Mi 2025 en el pádel')
    expect(mail.text).toContain(`${name} ha terminado`)
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/seasons/${seasonId}/me`)
    expect(mail.text).toContain(
      `${TEST_PUBLIC_URL}/season-share/${encodeURIComponent(shareId)}?lang=es`,
    )
    expect(mail.text).not.toMatch(/apuesta|apostar/i)
    expect(first.pushes).toHaveLength(1)
    const push = renderPush(first.pushes[0]!)
    expect(push).toMatchObject({
      kind: 'season_recap',
      title: 'Tu 2025 en el pádel',
      url: `/seasons/${seasonId}/me`,
    })
    expect(push.body).toContain(name)
    const inbox = NotificationPageSchema.parse(
      await (await fans.ana.browser.get('/api/notifications')).json(),
    )
    expect(inbox.items.find((item) => item.kind === 'season_recap')?.season).toEqual({
      id: seasonId,
      name,
    })

    // Run again: nothing new. A restart that lost the season's mark: nothing new either.
    expect(await recap(db)).toBe(0)
    await db.update(seasons).set({ recapAt: null }).where(eq(seasons.id, seasonId))
    expect(await recap(db)).toBe(0)
    const again = await written()
    expect(
      [again.recaps, again.notes, again.mails, again.pushes].map((rows) => rows.length),
    ).toEqual([2, 2, 1, 1])
    const [marked] = await db.select().from(seasons).where(eq(seasons.id, seasonId))
    expect(marked?.recapAt).not.toBeNull()
  }, 120_000)

  it('two runners at once tell each fan once, a batch at a time', async () => {
    const { db, seasonId, wrapUp, written } = await scene()
    await wrapUp()
    const told = await Promise.all([recap(db, 1), recap(db, 1)])
    expect(told[0]! + told[1]!).toBe(2)
    const after = await written()
    expect(
      [after.recaps, after.notes, after.mails, after.pushes].map((rows) => rows.length),
    ).toEqual([2, 2, 1, 1])
    expect(await Promise.all([recap(db, 1), recap(db, 1)])).toEqual([0, 0])
    const [marked] = await db.select().from(seasons).where(eq(seasons.id, seasonId))
    expect(marked?.recapAt).not.toBeNull()
  }, 120_000)
})
