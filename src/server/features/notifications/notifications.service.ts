// A fan's notifications (decision 102): the newest first with the unread count, and marking
// read. Every statement is bounded by the caller's user id, so nobody reads or marks another's.
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import type {
  MarkNotificationsRead,
  MarkNotificationsReadResult,
  Notification,
  NotificationPage,
  NotificationsQuery,
} from '#shared/schemas/notification'
import { TierKeySchema } from '#shared/schemas/tournament'
import type { Database } from '#server/db/client'
import { leagues, notifications, seasons, tournaments, user } from '#server/db/schema'
import { usernameSql } from '#server/game/usernames'

type Executor = Pick<Database, 'select'>

/** Unread count from the fan's own index entries (a fan has dozens, not millions). */
async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`count(*)::integer` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  return Number(row?.unread ?? 0)
}

export async function listNotifications(
  db: Database,
  userId: string,
  { limit, before }: NotificationsQuery,
): Promise<NotificationPage> {
  const unread = await countUnread(db, userId)
  if (limit === 0) return { items: [], unread, nextBefore: null }
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      coins: notifications.coins,
      tier: notifications.tier,
      correct: notifications.correct,
      total: notifications.total,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      tournamentId: tournaments.id,
      tournamentName: tournaments.name,
      leagueId: leagues.id,
      leagueName: leagues.name,
      seasonId: seasons.id,
      seasonName: seasons.name,
      fan: sql<string | null>`case when ${user.id} is null then null else ${usernameSql} end`,
    })
    .from(notifications)
    .leftJoin(tournaments, eq(tournaments.id, notifications.tournamentId))
    // League kinds (docs/product.md "Leagues"): the league's current name, the fan who joined or nudged.
    .leftJoin(leagues, eq(leagues.id, notifications.leagueId))
    .leftJoin(user, eq(user.id, notifications.actorUserId))
    .leftJoin(seasons, eq(seasons.id, notifications.seasonId))
    .where(and(eq(notifications.userId, userId), before ? lt(notifications.id, before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const items = page.map((row): Notification => ({
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    tournament:
      row.tournamentId && row.tournamentName
        ? { id: row.tournamentId, name: row.tournamentName }
        : null,
    coins: row.coins,
    tier: TierKeySchema.safeParse(row.tier).data ?? null,
    correct: row.correct,
    total: row.total,
    league: row.leagueId && row.leagueName ? { id: row.leagueId, name: row.leagueName } : null,
    fan: row.fan,
    season: row.seasonId && row.seasonName ? { id: row.seasonId, name: row.seasonName } : null,
  }))
  return {
    items,
    unread,
    nextBefore: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  }
}

/** Marks the caller's own unread ones; ids of others' or of none are ignored, not reported. */
export async function markNotificationsRead(
  db: Database,
  userId: string,
  request: MarkNotificationsRead,
): Promise<MarkNotificationsReadResult> {
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        'ids' in request ? inArray(notifications.id, request.ids) : undefined,
      ),
    )
    .returning({ id: notifications.id })
  return { marked: marked.length, unread: await countUnread(db, userId) }
}
