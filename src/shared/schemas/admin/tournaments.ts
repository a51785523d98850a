// The admin's tournaments (docs/product.md "Validation", docs/product.md "Where we differ from the seed on purpose") and the dashboard.
import { z } from 'zod'
import { SECOND_CHANCE_OPEN_PROBLEMS } from '#domain/bracket/second-chance'
import { SETTLEMENT_STAGES, SETTLEMENT_STATES } from '#domain/tournament/tournament'
import { MAX_BASE_POOL, MAX_ENTRY_FEE, MAX_MULTIPLIER } from '#domain/wallet/coin-limits'
import { TournamentFiguresSchema, TournamentStatusSchema } from '../tournament'
import { requiredDateTime, id } from './form-fields'

/** multiplier: a decimal ≥ 0.1 in steps of 0.1 (docs/product.md "Where we differ from the seed on purpose": 0.7 must be valid), at most 100. */
export const MultiplierSchema = z
  .number({ error: 'Multiplier must be greater than 0' })
  .min(0.1, 'Multiplier must be greater than 0')
  .max(MAX_MULTIPLIER, `Multiplier must be at most ${MAX_MULTIPLIER}`)
  .refine((value) => Math.abs(Math.round(value * 10) - value * 10) < 1e-9, {
    message: 'Multiplier must be a multiple of 0.1',
  })

export const TournamentInputSchema = z
  .object({
    name: z
      .string({ error: 'Tournament name is required' })
      .trim()
      .min(1, 'Tournament name is required'),
    status: TournamentStatusSchema,
    bettingDeadline: requiredDateTime('Betting deadline is required'),
    startDate: requiredDateTime('Start date is required'),
    endDate: requiredDateTime('End date is required'),
    basePool: z
      .number({ error: 'Base pool must be non-negative' })
      .int('Base pool must be non-negative')
      .min(0, 'Base pool must be non-negative')
      .max(MAX_BASE_POOL, `Base pool must be at most ${MAX_BASE_POOL}`),
    entryFee: z
      .number({ error: 'Entry fee must be greater than 0' })
      .int('Entry fee must be greater than 0')
      .min(1, 'Entry fee must be greater than 0')
      .max(MAX_ENTRY_FEE, `Entry fee must be at most ${MAX_ENTRY_FEE}`),
    multiplier: MultiplierSchema,
    /**
     * Fans may change their bracket until the deadline (docs/product.md "Changing a bracket and quick fill"). Omitted: off on
     * create, unchanged on edit, so a client that does not know the field never switches it.
     */
    bracketsChangeable: z.boolean('Brackets changeable must be true or false').optional(),
  })
  .superRefine((input, ctx) => {
    const start = Date.parse(input.startDate)
    const end = Date.parse(input.endDate)
    const deadline = Date.parse(input.bettingDeadline)
    if (!Number.isNaN(start) && !Number.isNaN(end) && end <= start) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'End date/time must be after start date/time',
      })
    }
    if (!Number.isNaN(start) && !Number.isNaN(deadline) && deadline > start) {
      ctx.addIssue({
        code: 'custom',
        path: ['bettingDeadline'],
        message: 'Betting deadline must be before or on start date',
      })
    }
  })
export type TournamentInput = z.infer<typeof TournamentInputSchema>

/** A row of the admin tournament table (docs/product.md "Tournaments list"). Dates are ISO strings. */
export const AdminTournamentSchema = TournamentFiguresSchema.extend({
  mvpPlayerName: z.string().nullable(),
  matchCount: z.number().int(),
  isSettled: z.boolean(),
  /** null before the settlement starts; in_progress after a crash until it is resumed. */
  settlementState: z.enum(SETTLEMENT_STATES).nullable(),
  /** The domain's stage: 'stopped' is a settlement that failed and must be resumed or cancelled. */
  settlementStage: z.enum(SETTLEMENT_STAGES),
  /** Why a stopped settlement stopped (the database's message); null otherwise. */
  settlementStopReason: z.string().nullable(),
  /**
   * Why its second chance cannot open now, null when it can (docs/product.md "Second chance"): the domain's
   * secondChanceOpenProblem, whose reason is the code the server refuses an opening with.
   */
  secondChanceProblem: z
    .object({
      reason: z.enum(SECOND_CHANCE_OPEN_PROBLEMS),
      missingResults: z.number().int(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminTournament = z.infer<typeof AdminTournamentSchema>

/** GET /api/admin/tournaments: newest start first. */
export const AdminTournamentListSchema = z.object({ tournaments: z.array(AdminTournamentSchema) })
export type AdminTournamentList = z.infer<typeof AdminTournamentListSchema>

/** POST /api/admin/tournaments/:id/mvp */
export const SetMvpInputSchema = z.object({ playerId: id('Player is required') })
export type SetMvpInput = z.infer<typeof SetMvpInputSchema>

// ——— dashboard ———

/** GET /api/admin/stats */
export const AdminStatsSchema = z.object({
  activeBets: z.number().int(),
  tournaments: z.number().int(),
  activeTournaments: z.number().int(),
  users: z.number().int(),
  /** Sum of every tournament's current prize pool. */
  totalPrizePools: z.number().int(),
  /** What needs an admin now, oldest deadline first. */
  workQueue: z.array(
    z.object({
      kind: z.enum(['awaiting_results', 'missing_mvp', 'ready_to_settle']),
      tournamentId: z.string(),
      name: z.string(),
      bettingDeadline: z.string(),
      /** Matches still without a winner (awaiting_results). */
      openMatches: z.number().int(),
    }),
  ),
})
export type WorkItem = AdminStats['workQueue'][number]
export type AdminStats = z.infer<typeof AdminStatsSchema>
