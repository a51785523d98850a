// The admin forms' checks. They run the shared zod input schemas (the same ones the server
// validates with), collect every message at once (docs/product.md §5: "all errors shown together"), and map
// each English message to its translation key so the Spanish interface shows Spanish text.
import type { z } from 'zod'
import {
  MatchInputSchema,
  PlayerInputSchema,
  TeamInputSchema,
  TournamentInputSchema,
  type MatchInput,
  type PlayerInput,
  type TeamInput,
  type TournamentInput,
} from '#shared/schemas/admin'
import type { MatchRound, TournamentStatus } from '#shared/schemas/tournament'

/** The schemas' English messages and their keys under admin.validation. */
export const VALIDATION_KEYS = {
  'Tournament name is required': 'tournamentNameRequired',
  'Start date is required': 'startRequired',
  'End date is required': 'endRequired',
  'Betting deadline is required': 'deadlineRequired',
  'Base pool must be non-negative': 'basePoolMin',
  'Entry fee must be greater than 0': 'entryFeeMin',
  'Multiplier must be greater than 0': 'multiplierMin',
  'Multiplier must be a multiple of 0.1': 'multiplierStep',
  'End date/time must be after start date/time': 'endAfterStart',
  'Betting deadline must be before or on start date': 'deadlineBeforeStart',
  'Invalid date/time': 'invalidDate',
  'Name is required': 'nameRequired',
  'Country is required': 'countryRequired',
  'Ranking must be a whole number of at least 0': 'rankingMin',
  'Short name must be at most 30 characters': 'shortNameMax',
  'Tournament is required': 'tournamentRequired',
  'Player 1 is required': 'player1Required',
  'Player 2 is required': 'player2Required',
  'Players must be different': 'playersDiffer',
  'Match number is required': 'matchNumberRequired',
  'Match number must be at least 1': 'matchNumberMin',
  'Team 2 must differ from Team 1': 'team2Differs',
  'Winner must be one of the two teams': 'winnerOneOfTeams',
  'Player is required': 'playerRequired',
  'Set scores need a winner': 'setsNeedWinner',
  'A match has two or three sets': 'setCount',
  'Set 1 is not a padel set score': 'setScore1',
  'Set 2 is not a padel set score': 'setScore2',
  'Set 3 is neither a set nor a match tiebreak to 10': 'setScore3',
  'Set 3 cannot follow a match won in two sets': 'setAfterMatchWon',
  'The sets do not finish the match': 'matchNotFinished',
  'The set scores name the other pair as the winner': 'winnerDisagrees',
  'Games must be whole numbers from 0 to 99': 'gamesWholeNumber',
  'Start time must be an ISO date and time': 'startsAtInvalid',
  'Court must be at most 40 characters': 'courtMax',
} as const

export type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS] | 'noTeams'

export function validationKeyOf(message: string): ValidationKey | null {
  return (VALIDATION_KEYS as Record<string, ValidationKey>)[message] ?? null
}

/** A failed check: the field it points at and the schema's (English) message. */
export interface FieldError {
  field: string
  message: string
}

export type ValidationResult<T> = { ok: true; data: T } | { ok: false; errors: FieldError[] }

/**
 * The issues of a parse, the first one of each field (a blank date is "required", not also
 * "invalid"), ordered by `fieldOrder` (the order the spec lists the messages in).
 */
function collect<S extends z.ZodType>(
  schema: S,
  input: unknown,
  fieldOrder: readonly string[],
): ValidationResult<z.output<S>> {
  const result = schema.safeParse(input)
  if (result.success) return { ok: true, data: result.data }
  const rank = (field: string) => {
    const index = fieldOrder.indexOf(field)
    return index === -1 ? fieldOrder.length : index
  }
  const seenFields = new Set<string>()
  const errors: FieldError[] = []
  result.error.issues
    .map((issue, index) => ({ field: String(issue.path[0] ?? ''), message: issue.message, index }))
    .sort((a, b) => rank(a.field) - rank(b.field) || a.index - b.index)
    .forEach(({ field, message }) => {
      if (seenFields.has(field)) return
      seenFields.add(field)
      errors.push({ field, message })
    })
  return { ok: false, errors }
}

/**
 * A number input's text as the spec reads it: blank is 0 ("a blank becomes 0"); anything that
 * is not a number stays NaN so the schema rejects it.
 */
export function parseNumberInput(text: string): number {
  const trimmed = text.trim().replace(',', '.')
  return trimmed === '' ? 0 : Number(trimmed)
}

// ——— tournaments ———

export interface TournamentFormValues {
  name: string
  status: TournamentStatus
  deadlineDate: string
  deadlineTime: string
  startDate: string
  startTime: string
  endDate: string
  endTime: string
  basePool: string
  entryFee: string
  multiplier: string
  /** Fans may change their bracket until the deadline (docs/product.md §20). */
  bracketsChangeable: boolean
}

/** Spec §9: upcoming, start 00:00, end 23:59, deadline 23:59, base 5000, fee 50, × 0.7. */
export const NEW_TOURNAMENT_VALUES: TournamentFormValues = {
  name: '',
  status: 'upcoming',
  deadlineDate: '',
  deadlineTime: '23:59',
  startDate: '',
  startTime: '00:00',
  endDate: '',
  endTime: '23:59',
  basePool: '5000',
  entryFee: '50',
  multiplier: '0.7',
  bracketsChangeable: false,
}

/** Local date ("2026-03-12") and time ("18:30") to an ISO instant; blank date → ''. */
export function toIsoDateTime(date: string, time: string): string {
  if (date.trim() === '') return ''
  const local = new Date(`${date}T${time.trim() === '' ? '00:00' : time}`)
  return Number.isNaN(local.getTime()) ? `${date}T${time}` : local.toISOString()
}

const pad = (value: number) => String(value).padStart(2, '0')

/** An ISO instant to the local date and time shown in the form's inputs. */
export function fromIsoDateTime(iso: string): { date: string; time: string } {
  const value = new Date(iso)
  if (Number.isNaN(value.getTime())) return { date: '', time: '' }
  return {
    date: `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`,
    time: `${pad(value.getHours())}:${pad(value.getMinutes())}`,
  }
}

export function tournamentToFormValues(tournament: {
  name: string
  status: TournamentStatus
  startDate: string
  endDate: string
  bettingDeadline: string
  basePool: number
  entryFee: number
  multiplier: number
  bracketsChangeable: boolean
}): TournamentFormValues {
  const start = fromIsoDateTime(tournament.startDate)
  const end = fromIsoDateTime(tournament.endDate)
  const deadline = fromIsoDateTime(tournament.bettingDeadline)
  return {
    name: tournament.name,
    status: tournament.status,
    deadlineDate: deadline.date,
    deadlineTime: deadline.time,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    basePool: String(tournament.basePool),
    entryFee: String(tournament.entryFee),
    multiplier: String(tournament.multiplier),
    bracketsChangeable: tournament.bracketsChangeable,
  }
}

const TOURNAMENT_FIELD_ORDER = [
  'name',
  'startDate',
  'endDate',
  'bettingDeadline',
  'basePool',
  'entryFee',
  'multiplier',
] as const

export function validateTournamentForm(
  values: TournamentFormValues,
): ValidationResult<TournamentInput> {
  const input = {
    name: values.name,
    status: values.status,
    bettingDeadline: toIsoDateTime(values.deadlineDate, values.deadlineTime),
    startDate: toIsoDateTime(values.startDate, values.startTime),
    endDate: toIsoDateTime(values.endDate, values.endTime),
    basePool: parseNumberInput(values.basePool),
    entryFee: parseNumberInput(values.entryFee),
    multiplier: parseNumberInput(values.multiplier),
    bracketsChangeable: values.bracketsChangeable,
  }
  const result = collect(TournamentInputSchema, input, TOURNAMENT_FIELD_ORDER)
  if (!result.ok) {
    // The cross-field rules come last, as in the spec's list.
    const isCrossField = (e: FieldError) =>
      e.message === 'End date/time must be after start date/time' ||
      e.message === 'Betting deadline must be before or on start date'
    return {
      ok: false,
      errors: [
        ...result.errors.filter((e) => !isCrossField(e)),
        ...result.errors.filter(isCrossField),
      ],
    }
  }
  return result
}

// ——— players ———

export interface PlayerFormValues {
  name: string
  /** Blank: the server derives it from the name. */
  shortName?: string
  ranking: string
  country: string
}

export function validatePlayerForm(values: PlayerFormValues): ValidationResult<PlayerInput> {
  const ranking = values.ranking.trim()
  return collect(
    PlayerInputSchema,
    {
      name: values.name,
      shortName: values.shortName ?? '',
      country: values.country,
      // Omitted when blank (docs/product.md §5); the server stores 0.
      ranking: ranking === '' ? null : Number(ranking),
    },
    ['name', 'shortName', 'ranking', 'country'],
  )
}

// ——— teams ———

export interface TeamFormValues {
  tournamentId: string
  player1Id: string
  player2Id: string
}

export function validateTeamForm(values: TeamFormValues): ValidationResult<TeamInput> {
  return collect(TeamInputSchema, values, ['tournamentId', 'player1Id', 'player2Id'])
}

// ——— matches ———

export interface MatchFormValues {
  tournamentId: string
  team1Id: string
  team2Id: string
  round: MatchRound
  matchNumber: string
  winnerTeamId: string
  /** The order of play: local date and time (blank: not scheduled) and the court. */
  startsAtDate: string
  startsAtTime: string
  court: string
}

export function validateMatchForm(
  values: MatchFormValues,
  { teamCount }: { teamCount: number },
): ValidationResult<MatchInput> {
  const number = values.matchNumber.trim()
  const result = collect(
    MatchInputSchema,
    {
      tournamentId: values.tournamentId,
      round: values.round,
      matchNumber: number === '' ? undefined : Number(number),
      team1Id: values.team1Id || null,
      team2Id: values.team2Id || null,
      winnerTeamId: values.winnerTeamId || null,
      startsAt: toIsoDateTime(values.startsAtDate, values.startsAtTime) || null,
      court: values.court,
    },
    [
      'tournamentId',
      'team1Id',
      'team2Id',
      'round',
      'matchNumber',
      'winnerTeamId',
      'startsAt',
      'court',
    ],
  )
  // Spec §5: a team chosen for a tournament without teams gets its own message.
  const hasTeam = values.team1Id !== '' || values.team2Id !== ''
  if (hasTeam && teamCount === 0) {
    const noTeams: FieldError = { field: 'team1Id', message: 'noTeams' }
    return { ok: false, errors: [...(result.ok ? [] : result.errors), noTeams] }
  }
  return result
}
