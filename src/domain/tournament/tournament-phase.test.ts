import { describe, expect, it } from 'vitest'
import type { TournamentStatus } from './tournament'
import { tournamentPhase, type TournamentPhaseKind } from './tournament-phase'

const deadline = new Date('2026-05-10T20:00:00Z')
const HOUR = 60 * 60 * 1000
const at = (offset: number) => new Date(deadline.getTime() + offset)

describe('tournamentPhase', () => {
  // status, time against the deadline, the one phase shown
  const table: [TournamentStatus, number, TournamentPhaseKind][] = [
    ['upcoming', -50 * HOUR, 'open'],
    ['upcoming', -1, 'open'],
    ['upcoming', 0, 'closed'],
    ['upcoming', 3 * HOUR, 'closed'],
    // The stored status wins once it moved on, whatever the clock says.
    ['active', -50 * HOUR, 'live'],
    ['active', 3 * HOUR, 'live'],
    ['completed', 3 * HOUR, 'completed'],
    ['completed', -50 * HOUR, 'completed'],
    ['cancelled', -50 * HOUR, 'cancelled'],
    ['cancelled', 3 * HOUR, 'cancelled'],
  ]
  it.each(table)('%s at deadline %+d ms is %s', (status, offset, kind) => {
    expect(tournamentPhase(status, deadline, at(offset)).kind).toBe(kind)
  })

  it('carries the time left while open', () => {
    expect(tournamentPhase('upcoming', deadline, at(-(2 * 24 + 5) * HOUR))).toEqual({
      kind: 'open',
      countdown: { kind: 'days', days: 2, hours: 5, colour: 'green' },
    })
    expect(tournamentPhase('upcoming', deadline, at(-90 * 60 * 1000))).toEqual({
      kind: 'open',
      countdown: { kind: 'hours', hours: 1, minutes: 30, colour: 'orange' },
    })
  })

  it('counts an invalid deadline as closed', () => {
    expect(tournamentPhase('upcoming', new Date('nonsense'), deadline)).toEqual({ kind: 'closed' })
  })
})
