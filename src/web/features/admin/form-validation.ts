// The admin forms' checks (the tournament form's in tournament-form-values.ts). They run the shared
// zod input schemas (the same ones the server validates with), collect every message at once
// (docs/product.md "Validation": "all errors shown together"), and map each English message to its
// translation key so the Spanish interface shows Spanish text.
import type { z } from 'zod'
import {
  MatchInputSchema,
  PlayerInputSchema,
  TeamInputSchema,
  type MatchInput,
  type PlayerInput,
  type TeamInput,
} from '#shared/schemas/admin'
import type { MatchRound } from '#shared/schemas/tournament'
import { toIsoDateTime } from './form-date-time'

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
export function collect<S extends z.ZodType>(
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
      // Omitted when blank (docs/product.md "Validation"); the server stores 0.
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
