import { asc, eq, sql } from 'drizzle-orm'
import { shortNameOf } from '#domain/player/short-name'
import type { AdminPlayer, PlayerInput } from '#shared/schemas/admin'
import type { Database } from '#server/db/client'
import { players } from '#server/db/schema'
import { AppError } from '#server/errors'
import { ADMIN_LIST_MAX_ROWS, iso } from './admin-common'
import { assertUuid } from '#server/game/ids'
import { writeAudit } from '#server/game/audit'

function toAdminPlayer(row: typeof players.$inferSelect): AdminPlayer {
  return {
    id: row.id,
    name: row.name,
    shortName: shortNameOf(row),
    country: row.country,
    ranking: row.ranking,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }
}

/** Ordered by name, at most 1,000; `search` keeps names containing it, case-insensitively. */
export async function listPlayers(
  db: Database,
  { search }: { search?: string | undefined } = {},
): Promise<{ players: AdminPlayer[] }> {
  const term = search?.trim() ?? ''
  const pattern = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  const rows = await db
    .select()
    .from(players)
    .where(term === '' ? undefined : sql`${players.name} ILIKE ${pattern}`)
    .orderBy(asc(players.name), asc(players.id))
    .limit(ADMIN_LIST_MAX_ROWS)
  return { players: rows.map(toAdminPlayer) }
}

export async function getPlayer(db: Database, id: string): Promise<AdminPlayer> {
  assertUuid(id, 'Player not found.')
  const [row] = await db.select().from(players).where(eq(players.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Player not found.')
  return toAdminPlayer(row)
}

export async function createPlayer(
  db: Database,
  { actorId, input }: { actorId: string; input: PlayerInput },
): Promise<AdminPlayer> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(players)
      .values({
        name: input.name,
        shortName: input.shortName ?? null,
        country: input.country,
        ranking: input.ranking ?? 0,
      })
      .returning()
    const player = toAdminPlayer(row!)
    await writeAudit(tx, {
      actorId,
      action: 'create',
      entity: 'player',
      entityId: player.id,
      after: player,
    })
    return player
  })
}

export async function updatePlayer(
  db: Database,
  { actorId, id, input }: { actorId: string; id: string; input: PlayerInput },
): Promise<AdminPlayer> {
  assertUuid(id, 'Player not found.')
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(players).where(eq(players.id, id)).for('update')
    if (!existing) throw new AppError('NOT_FOUND', 'Player not found.')
    const [row] = await tx
      .update(players)
      .set({
        name: input.name,
        shortName: input.shortName ?? null,
        country: input.country,
        ranking: input.ranking ?? 0,
      })
      .where(eq(players.id, id))
      .returning()
    const player = toAdminPlayer(row!)
    await writeAudit(tx, {
      actorId,
      action: 'update',
      entity: 'player',
      entityId: id,
      before: toAdminPlayer(existing),
      after: player,
    })
    return player
  })
}
