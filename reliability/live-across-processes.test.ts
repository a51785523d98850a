// Live updates (issue #16 §3) across two real server processes on one PostgreSQL database: a
// result an admin enters on process A reaches a stream open on process B within a second
// (LISTEN/NOTIFY, decision 089), and SIGTERM ends B's open streams so it stops well inside the
// drain's grace period instead of waiting for them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  readStream,
  type OpenStream,
  type StreamEvent,
} from '#server/features/live/live-test-support'
import { closedDeadlineValues, insertBracketTournament } from '#tests/game-factories'
import type { BracketTournament } from '#tests/game-factories'
import { send, signIn, type Session } from '#tests/http-client'
import { TEST_DATABASE_URL } from '#tests/postgres-admin'
import { createServerPostgres, type ServerPostgres } from '#tests/server-database'
import type { ServerProcess } from '#tests/server-process'
import { RELIABILITY_ADMIN, startReliabilityServer } from './support/reliability-server'

const OTHER_PROCESS_LIMIT_MS = 1_000
// The drain waits up to 20 s for requests in flight; streams must not be what it waits for.
const STOP_LIMIT_MS = 5_000

describe.runIf(TEST_DATABASE_URL)('live updates across two processes on PostgreSQL', () => {
  let database: ServerPostgres
  let a: ServerProcess
  let b: ServerProcess
  let admin: Session
  const figures: number[] = []

  beforeAll(async () => {
    database = await createServerPostgres()
    ;[a, b] = await Promise.all([
      startReliabilityServer({ databaseUrl: database.url }),
      startReliabilityServer({ databaseUrl: database.url }),
    ])
    admin = await signIn(a.origin, RELIABILITY_ADMIN.email, RELIABILITY_ADMIN.password)
  })

  afterAll(async () => {
    console.info('[live] ms from the result on A to the event on B:', figures)
    await Promise.all([a?.kill9(), b?.kill9()])
    await database?.drop()
  })

  async function openStream(server: ServerProcess, tournamentId: string): Promise<OpenStream> {
    const res = await fetch(`${server.origin}/api/tournaments/${tournamentId}/live`)
    expect(res.status).toBe(200)
    const stream = readStream(res)
    await stream.collect(100)
    expect(stream.comments).toContain('live')
    return stream
  }

  /**
   * The next `result` event within `limitMs`. The standings refresher publishes `standings` on its
   * own schedule (a tournament past its deadline gets its first build soon after it appears), so
   * one may come first; any other event is a failure.
   */
  async function nextResult(stream: OpenStream, limitMs: number): Promise<StreamEvent> {
    const deadline = performance.now() + limitMs
    for (;;) {
      const event = await stream.next(Math.max(1, deadline - performance.now()))
      if (event.event !== 'standings') return event
    }
  }

  function enterResult(bracket: BracketTournament, index: number, winner: 1 | 2) {
    const match = bracket.matches[index]!
    return send(a.origin, `/api/admin/matches/${match.id}`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: {
        tournamentId: bracket.tournament.id,
        round: match.round,
        matchNumber: match.matchNumber,
        team1Id: match.team1Id,
        team2Id: match.team2Id,
        winnerTeamId: winner === 1 ? match.team1Id : match.team2Id,
      },
    })
  }

  it('brings a result entered on A to a stream open on B within a second', async () => {
    const bracket = await insertBracketTournament(database.handle.db, closedDeadlineValues())
    const onB = await openStream(b, bracket.tournament.id)
    const onA = await openStream(a, bracket.tournament.id)
    for (const [index, winner] of [
      [0, 1],
      [1, 2],
      [0, 2],
    ] as const) {
      const startedAt = performance.now()
      const entered = await enterResult(bracket, index, winner)
      expect(entered.status, JSON.stringify(entered.body)).toBe(200)
      const event = await nextResult(onB, OTHER_PROCESS_LIMIT_MS)
      figures.push(Math.round(performance.now() - startedAt))
      expect(event).toEqual({ event: 'result', data: { matchId: bracket.matches[index]!.id } })
      expect(await nextResult(onA, OTHER_PROCESS_LIMIT_MS)).toEqual(event)
    }
    await onA.close()
    await onB.close()
  })

  it('ends B’s open streams on SIGTERM so it stops in a few seconds', async () => {
    const bracket = await insertBracketTournament(database.handle.db, closedDeadlineValues())
    const streams = await Promise.all(
      Array.from({ length: 5 }, () => openStream(b, bracket.tournament.id)),
    )
    const stopped = await b.terminate()
    expect(stopped.code).toBe(0)
    expect(stopped.ms).toBeLessThan(STOP_LIMIT_MS)
    for (const stream of streams) expect(await stream.ended(1_000)).toBe(true)
    // A keeps serving its own streams.
    const onA = await openStream(a, bracket.tournament.id)
    expect((await enterResult(bracket, 2, 1)).status).toBe(200)
    expect((await nextResult(onA, OTHER_PROCESS_LIMIT_MS)).event).toBe('result')
    await onA.close()
  })
})
