import { describe, expect, it } from 'vitest'
import { TournamentInputSchema, type AdminTournament } from '#shared/schemas/admin'
import { completedInput, finishStepOf } from './finish-steps'

const live = {
  status: 'active',
  isSettled: false,
  mvpPlayerId: null,
  settlementStage: 'not_started',
} as const

describe('the step the results page offers once every result is in', () => {
  it.each([
    ['14 of 15 results', live, 14, 15, null],
    ['no bracket', live, 0, 0, null],
    ['15 of 15, still active', live, 15, 15, 'complete'],
    ['15 of 15, upcoming after its deadline', { ...live, status: 'upcoming' }, 15, 15, 'complete'],
    ['completed without an MVP', { ...live, status: 'completed' }, 15, 15, 'mvp'],
    [
      'completed with its MVP',
      { ...live, status: 'completed', mvpPlayerId: 'p1' },
      15,
      15,
      'settle',
    ],
    [
      'a settlement that stopped',
      { ...live, status: 'completed', mvpPlayerId: 'p1', settlementStage: 'stopped' },
      15,
      15,
      'settle',
    ],
    ['settled', { ...live, status: 'completed', isSettled: true }, 15, 15, null],
    ['cancelled', { ...live, status: 'cancelled' }, 15, 15, null],
  ] as const)('%s', (_name, tournament, decided, total, step) => {
    expect(finishStepOf(tournament, { decided, total })).toBe(step)
  })
})

describe('completedInput', () => {
  it('keeps every field, the status completed, and passes the edit route’s schema', () => {
    const tournament = {
      name: 'Madrid Open',
      status: 'active',
      bettingDeadline: '2026-05-01T09:00:00.000Z',
      startDate: '2026-05-01T10:00:00.000Z',
      endDate: '2026-05-08T20:00:00.000Z',
      basePool: 5000,
      entryFee: 50,
      multiplier: 0.7,
      bracketsChangeable: true,
    } as AdminTournament
    const input = completedInput(tournament)
    expect(input).toEqual({ ...tournament, status: 'completed' })
    expect(TournamentInputSchema.safeParse(input).success).toBe(true)
  })
})
