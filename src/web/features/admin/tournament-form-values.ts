// The tournament form's values, their defaults and their check against the shared input schema
// (the machinery in form-validation.ts).
import { TournamentInputSchema, type TournamentInput } from '#shared/schemas/admin'
import type { TournamentStatus } from '#shared/schemas/tournament'
import { fromIsoDateTime, toIsoDateTime } from './form-date-time'
import {
  collect,
  parseNumberInput,
  type FieldError,
  type ValidationResult,
} from './form-validation'

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
  /** Fans may change their bracket until the deadline (docs/product.md "Changing a bracket and quick fill"). */
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
