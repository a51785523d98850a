import { describe, expect, it } from 'vitest'
import { fromIsoDateTime, toIsoDateTime } from './form-date-time'
import {
  VALIDATION_KEYS,
  parseNumberInput,
  validateMatchForm,
  validatePlayerForm,
  validateTeamForm,
  type MatchFormValues,
} from './form-validation'
import {
  NEW_TOURNAMENT_VALUES,
  tournamentToFormValues,
  validateTournamentForm,
  type TournamentFormValues,
} from './tournament-form-values'

const messages = (result: { ok: boolean; errors?: { message: string }[] }) =>
  result.ok ? [] : (result.errors ?? []).map((error) => error.message)

const validTournament: TournamentFormValues = {
  ...NEW_TOURNAMENT_VALUES,
  name: 'Madrid Open',
  deadlineDate: '2026-03-10',
  deadlineTime: '23:59',
  startDate: '2026-03-11',
  endDate: '2026-03-15',
}

describe('tournament form', () => {
  it('starts with the spec defaults', () => {
    expect(NEW_TOURNAMENT_VALUES).toMatchObject({
      status: 'upcoming',
      startTime: '00:00',
      endTime: '23:59',
      deadlineTime: '23:59',
      basePool: '5000',
      entryFee: '50',
      multiplier: '0.7',
    })
  })

  it('accepts a complete form with the default decimal multiplier', () => {
    const result = validateTournamentForm(validTournament)
    expect(result.ok).toBe(true)
    if (result.ok) {
      expect(result.data.multiplier).toBe(0.7)
      expect(result.data.basePool).toBe(5000)
      expect(new Date(result.data.startDate).getHours()).toBe(0)
    }
  })

  it('reports every missing value together, in the spec order', () => {
    const result = validateTournamentForm({
      ...NEW_TOURNAMENT_VALUES,
      name: '   ',
      entryFee: '',
      multiplier: '',
    })
    expect(messages(result)).toEqual([
      'Tournament name is required',
      'Start date is required',
      'End date is required',
      'Betting deadline is required',
      'Entry fee must be greater than 0',
      'Multiplier must be greater than 0',
    ])
  })

  it('rejects a negative base pool, a multiplier below 0.1 and off the 0.1 step', () => {
    expect(messages(validateTournamentForm({ ...validTournament, basePool: '-1' }))).toEqual([
      'Base pool must be non-negative',
    ])
    expect(messages(validateTournamentForm({ ...validTournament, multiplier: '0.05' }))).toContain(
      'Multiplier must be greater than 0',
    )
    expect(messages(validateTournamentForm({ ...validTournament, multiplier: '0.75' }))).toEqual([
      'Multiplier must be a multiple of 0.1',
    ])
  })

  it('checks the order of start, end and deadline', () => {
    expect(
      messages(
        validateTournamentForm({
          ...validTournament,
          endDate: '2026-03-11',
          endTime: '00:00',
          deadlineDate: '2026-03-12',
        }),
      ),
    ).toEqual([
      'End date/time must be after start date/time',
      'Betting deadline must be before or on start date',
    ])
    // A deadline exactly at the start is allowed.
    expect(
      validateTournamentForm({
        ...validTournament,
        deadlineDate: '2026-03-11',
        deadlineTime: '00:00',
      }).ok,
    ).toBe(true)
  })

  it('round-trips a stored tournament through the form values', () => {
    const iso = toIsoDateTime('2026-03-11', '18:30')
    expect(fromIsoDateTime(iso)).toEqual({ date: '2026-03-11', time: '18:30' })
    const values = tournamentToFormValues({
      name: 'X',
      status: 'completed',
      startDate: iso,
      endDate: iso,
      bettingDeadline: iso,
      basePool: 100,
      entryFee: 10,
      multiplier: 0.5,
      bracketsChangeable: true,
    })
    expect(values).toMatchObject({
      startDate: '2026-03-11',
      startTime: '18:30',
      multiplier: '0.5',
      bracketsChangeable: true,
    })
    // The checkbox goes to the server as it is, on or off.
    const input = validateTournamentForm({ ...validTournament, bracketsChangeable: true })
    expect(input.ok && input.data.bracketsChangeable).toBe(true)
  })

  it('maps every schema message to a translation key', () => {
    for (const message of messages(validateTournamentForm({ ...NEW_TOURNAMENT_VALUES }))) {
      expect(VALIDATION_KEYS).toHaveProperty([message])
    }
  })
})

describe('number inputs', () => {
  it('read a blank as 0 and keep garbage invalid', () => {
    expect(parseNumberInput('')).toBe(0)
    expect(parseNumberInput(' 0,7 ')).toBe(0.7)
    expect(Number.isNaN(parseNumberInput('abc'))).toBe(true)
  })
})

describe('player form', () => {
  it('takes an optional short name of at most 30 characters, blank meaning derived', () => {
    const values = { name: 'Martín Di Nenno', ranking: '', country: 'AR' }
    const blank = validatePlayerForm({ ...values, shortName: ' ' })
    expect(blank.ok && blank.data.shortName).toBeNull()
    const given = validatePlayerForm({ ...values, shortName: ' Di Nenno ' })
    expect(given.ok && given.data.shortName).toBe('Di Nenno')
    expect(messages(validatePlayerForm({ ...values, shortName: 'x'.repeat(31) }))).toEqual([
      'Short name must be at most 30 characters',
    ])
  })

  it('requires a trimmed name and country, and omits a blank ranking', () => {
    expect(messages(validatePlayerForm({ name: ' ', ranking: '', country: '' }))).toEqual([
      'Name is required',
      'Country is required',
    ])
    const result = validatePlayerForm({ name: ' Ana ', ranking: '', country: 'ES' })
    expect(result).toEqual({
      ok: true,
      data: { name: 'Ana', shortName: null, country: 'ES', ranking: null },
    })
  })

  it('accepts a whole ranking of at least 0 only', () => {
    expect(validatePlayerForm({ name: 'A', ranking: '0', country: 'ES' }).ok).toBe(true)
    for (const ranking of ['-1', '1.5', 'x']) {
      expect(messages(validatePlayerForm({ name: 'A', ranking, country: 'ES' }))).toEqual([
        'Ranking must be a whole number of at least 0',
      ])
    }
  })
})

describe('team form', () => {
  it('requires the tournament and two different players', () => {
    expect(messages(validateTeamForm({ tournamentId: '', player1Id: '', player2Id: '' }))).toEqual([
      'Tournament is required',
      'Player 1 is required',
      'Player 2 is required',
    ])
    expect(
      messages(validateTeamForm({ tournamentId: 't', player1Id: 'p', player2Id: 'p' })),
    ).toEqual(['Players must be different'])
  })
})

describe('match form', () => {
  const base: MatchFormValues = {
    tournamentId: 't1',
    team1Id: '',
    team2Id: '',
    round: 'round16',
    matchNumber: '1',
    winnerTeamId: '',
    startsAtDate: '',
    startsAtTime: '',
    court: '',
  }

  it('sends a blank start time and court as null, and a local time as an instant', () => {
    const blank = validateMatchForm(base, { teamCount: 0 })
    expect(blank.ok && blank.data).toMatchObject({ startsAt: null, court: null })
    const set = validateMatchForm(
      { ...base, startsAtDate: '2026-05-02', startsAtTime: '18:00', court: ' Pista Central ' },
      { teamCount: 0 },
    )
    expect(set.ok && set.data).toMatchObject({
      startsAt: new Date('2026-05-02T18:00').toISOString(),
      court: 'Pista Central',
    })
    expect(
      messages(validateMatchForm({ ...base, court: 'x'.repeat(41) }, { teamCount: 0 })),
    ).toEqual(['Court must be at most 40 characters'])
  })

  it('sends empty optional teams as null', () => {
    const result = validateMatchForm(base, { teamCount: 0 })
    expect(result.ok && result.data).toMatchObject({
      team1Id: null,
      team2Id: null,
      winnerTeamId: null,
    })
  })

  it('checks the match number, distinct teams and the winner', () => {
    expect(messages(validateMatchForm({ ...base, matchNumber: '0' }, { teamCount: 2 }))).toEqual([
      'Match number must be at least 1',
    ])
    expect(
      messages(validateMatchForm({ ...base, team1Id: 'a', team2Id: 'a' }, { teamCount: 2 })),
    ).toEqual(['Team 2 must differ from Team 1'])
    expect(
      messages(
        validateMatchForm(
          { ...base, team1Id: 'a', team2Id: 'b', winnerTeamId: 'c' },
          { teamCount: 2 },
        ),
      ),
    ).toEqual(['Winner must be one of the two teams'])
  })

  it('says so when a team is chosen but the tournament has none', () => {
    expect(messages(validateMatchForm({ ...base, team1Id: 'a' }, { teamCount: 0 }))).toContain(
      'noTeams',
    )
  })
})
