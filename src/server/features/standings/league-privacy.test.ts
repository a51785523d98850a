// The privacy rule of leagues, once (docs/decisions/105, 155): one table of cases run against the
// leagues feature's own read (readLeague) and against the standings' single query, which holds the
// rule inline through the same SQL fragment. A fan in the league sees it and its standings; a
// public league is visible to anyone else but its standings are not; a private one is not there.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { LeagueVisibility } from '#shared/schemas/league'
import { leagueMembers, leagueRemovals, leagues } from '#server/db/schema'
import { AppError } from '#server/errors'
import { readLeague } from '#server/features/leagues/league-access'
import { newInviteCodes } from '#server/features/leagues/invite-codes'
import { insertTournament, insertUser } from '#tests/factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { readStandingsContext } from './standings-context'

const WHO = ['owner', 'member', 'removed member', 'other fan', 'visitor', 'admin'] as const
type Who = (typeof WHO)[number]
const IN_LEAGUE: Record<Who, boolean> = {
  owner: true,
  member: true,
  'removed member': false,
  'other fan': false,
  visitor: false,
  // Admins have no special view: a league is the fans' own.
  admin: false,
}

const CASES = (['private', 'public'] as const).flatMap((visibility) =>
  WHO.map((who) => ({ visibility, who, isIn: IN_LEAGUE[who] })),
)

describe.each(testDatabaseKinds)('the league privacy rule on %s', (kind) => {
  const database = useTestDatabase(kind)

  async function scene(visibility: LeagueVisibility) {
    const { db } = database()
    const [owner, member, removed, other, admin] = await Promise.all([
      insertUser(db),
      insertUser(db),
      insertUser(db),
      insertUser(db),
      insertUser(db, { role: 'admin' }),
    ])
    const [league] = await db
      .insert(leagues)
      .values({
        name: `League ${randomUUID()}`,
        visibility,
        ownerId: owner.id,
        ...newInviteCodes(),
        memberCount: 2,
      })
      .returning()
    await db.insert(leagueMembers).values([
      { leagueId: league!.id, userId: owner.id },
      { leagueId: league!.id, userId: member.id },
    ])
    await db.insert(leagueRemovals).values({ leagueId: league!.id, userId: removed.id })
    const tournament = await insertTournament(db)
    const userOf: Record<Who, string | null> = {
      owner: owner.id,
      member: member.id,
      'removed member': removed.id,
      'other fan': other.id,
      visitor: null,
      admin: admin.id,
    }
    return { leagueId: league!.id, tournamentId: tournament.id, userOf }
  }

  it.each(CASES)('$who of a $visibility league: in it $isIn', async ({ visibility, who, isIn }) => {
    const { db } = database()
    const { leagueId, tournamentId, userOf } = await scene(visibility)
    const userId = userOf[who]

    const read = await readLeague(db, leagueId, userId).catch((error: unknown) => error)
    if (isIn) {
      expect(read).toMatchObject({ role: who === 'owner' ? 'owner' : 'member' })
    } else if (visibility === 'public') {
      expect(read).toMatchObject({ role: null })
    } else {
      expect(read).toBeInstanceOf(AppError)
      expect((read as AppError).code).toBe('NOT_FOUND')
    }

    const context = await readStandingsContext(db, tournamentId, {
      leagueId,
      userId,
      checkFreshness: false,
    })
    expect(context?.membership !== null, 'standings see the fan in the league').toBe(isIn)
  })
})
