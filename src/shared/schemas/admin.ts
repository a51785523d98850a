// Wire contracts of the admin API (/api/admin/*, docs/architecture.md §5) and the public results routes.
// The input schemas are the admin forms' rules (docs/product.md §5, docs/product.md §11): the web form and the
// server validate with the same schema, and the server enforces every rule again.
import { z } from 'zod'
import { SETTLEMENT_STAGES } from '../../domain/tournament/tournament'
import {
  MAX_BASE_POOL,
  MAX_CREDIT,
  MAX_ENTRY_FEE,
  MAX_MULTIPLIER,
} from '../../domain/wallet/coin-limits'
import {
  BetStatusSchema,
  MatchRoundSchema,
  PrizePoolConfigSchema,
  TierKeySchema,
  TournamentStatusSchema,
} from './tournament'

// ——— shared pieces ———

/** An ISO date-time; blank counts as missing so the form's "required" message shows. */
const requiredDateTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((value) => value === '' || !Number.isNaN(Date.parse(value)), {
      message: 'Invalid date/time',
    })

const id = (message = 'Required') => z.string({ error: message }).trim().min(1, message)
const optionalId = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value === '' || value === undefined ? null : value))

// ——— tournaments ———

/** multiplier: a decimal ≥ 0.1 in steps of 0.1 (docs/product.md §11: 0.7 must be valid), at most 100. */
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

/** A row of the admin tournament table (docs/product.md §2 "Tournaments list"). Dates are ISO strings. */
export const AdminTournamentSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: TournamentStatusSchema,
  startDate: z.string(),
  endDate: z.string(),
  bettingDeadline: z.string(),
  prizePoolConfig: PrizePoolConfigSchema,
  basePool: z.number().int(),
  entryFee: z.number().int(),
  multiplier: z.number(),
  mvpPlayerId: z.string().nullable(),
  mvpPlayerName: z.string().nullable(),
  pairCount: z.number().int(),
  matchCount: z.number().int(),
  participantCount: z.number().int(),
  currentPrizePool: z.number().int(),
  isSettled: z.boolean(),
  /** null before the settlement starts; in_progress after a crash until it is resumed. */
  settlementState: z.enum(['in_progress', 'completed', 'cancelled']).nullable(),
  /** The domain's stage: 'stopped' is a settlement that failed and must be resumed or cancelled. */
  settlementStage: z.enum(SETTLEMENT_STAGES),
  /** Why a stopped settlement stopped (the database's message); null otherwise. */
  settlementStopReason: z.string().nullable(),
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

// ——— players ———

export const PLAYER_SHORT_NAME_MAX = 30

export const PlayerInputSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required'),
  /** The bracket cards' name; omitted, null or blank: derived from the name. */
  shortName: z
    .string()
    .trim()
    .max(PLAYER_SHORT_NAME_MAX, `Short name must be at most ${PLAYER_SHORT_NAME_MAX} characters`)
    .nullish()
    .transform((value) => (value ? value : null)),
  country: z.string({ error: 'Country is required' }).trim().min(1, 'Country is required'),
  /** Omitted (or null) when blank; stored as 0. */
  ranking: z
    .number({ error: 'Ranking must be a whole number of at least 0' })
    .int('Ranking must be a whole number of at least 0')
    .min(0, 'Ranking must be a whole number of at least 0')
    .nullish(),
})
export type PlayerInput = z.infer<typeof PlayerInputSchema>

export const AdminPlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The one the bracket shows: the admin's, or the default derived from the name. */
  shortName: z.string(),
  country: z.string(),
  ranking: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminPlayer = z.infer<typeof AdminPlayerSchema>

/** GET /api/admin/players?search= : ordered by name. */
export const AdminPlayerListSchema = z.object({ players: z.array(AdminPlayerSchema) })
export type AdminPlayerList = z.infer<typeof AdminPlayerListSchema>

export const PlayerListQuerySchema = z.object({ search: z.string().trim().max(200).optional() })

// ——— teams (pairs) ———

export const TeamInputSchema = z
  .object({
    tournamentId: id('Tournament is required'),
    player1Id: id('Player 1 is required'),
    player2Id: id('Player 2 is required'),
  })
  .refine((input) => input.player1Id !== input.player2Id, {
    path: ['player2Id'],
    message: 'Players must be different',
  })
export type TeamInput = z.infer<typeof TeamInputSchema>

const NamedPlayerSchema = z.object({ id: z.string(), name: z.string() })

export const AdminTeamSchema = z.object({
  id: z.string(),
  tournamentId: z.string(),
  tournamentName: z.string(),
  player1Id: z.string(),
  player2Id: z.string(),
  player1: NamedPlayerSchema,
  player2: NamedPlayerSchema,
  ranking: z.number().int(),
  seed: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminTeam = z.infer<typeof AdminTeamSchema>

/** GET /api/admin/teams?tournamentId= */
export const AdminTeamListSchema = z.object({ teams: z.array(AdminTeamSchema) })
export type AdminTeamList = z.infer<typeof AdminTeamListSchema>

export const TournamentFilterQuerySchema = z.object({ tournamentId: z.string().trim().optional() })

// ——— matches ———

export const MatchInputSchema = z
  .object({
    tournamentId: id('Tournament is required'),
    round: MatchRoundSchema,
    matchNumber: z
      .number({ error: 'Match number is required' })
      .int('Match number must be at least 1')
      .min(1, 'Match number must be at least 1'),
    team1Id: optionalId,
    team2Id: optionalId,
    winnerTeamId: optionalId,
  })
  .superRefine((input, ctx) => {
    if (input.team1Id !== null && input.team1Id === input.team2Id) {
      ctx.addIssue({ code: 'custom', path: ['team2Id'], message: 'Team 2 must differ from Team 1' })
    }
    if (
      input.winnerTeamId !== null &&
      input.winnerTeamId !== input.team1Id &&
      input.winnerTeamId !== input.team2Id
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['winnerTeamId'],
        message: 'Winner must be one of the two teams',
      })
    }
  })
export type MatchInput = z.input<typeof MatchInputSchema>

/** A team as shown in a match row: the pair's two player names, e.g. "Coello / Tapia". */
const MatchTeamSchema = z.object({ id: z.string(), name: z.string() }).nullable()

export const AdminMatchSchema = z.object({
  id: z.string(),
  tournamentId: z.string(),
  tournamentName: z.string(),
  round: MatchRoundSchema,
  matchNumber: z.number().int(),
  team1Id: z.string().nullable(),
  team2Id: z.string().nullable(),
  winnerTeamId: z.string().nullable(),
  team1: MatchTeamSchema,
  team2: MatchTeamSchema,
  winner: MatchTeamSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminMatch = z.infer<typeof AdminMatchSchema>

/** GET /api/admin/matches?tournamentId= : newest first. */
export const AdminMatchListSchema = z.object({ matches: z.array(AdminMatchSchema) })
export type AdminMatchList = z.infer<typeof AdminMatchListSchema>

/** POST /api/admin/tournaments/:id/bracket: the 15 matches made from the 16 pairs. */
export const GenerateBracketResultSchema = z.object({ matches: z.array(AdminMatchSchema) })
export type GenerateBracketResult = z.infer<typeof GenerateBracketResultSchema>

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

// ——— settlement and cancellation ———

export const SettlementTierSchema = z.object({
  tierKey: TierKeySchema,
  description: z.string(),
  minAccuracy: z.number(),
  prizePercentage: z.number(),
  winners: z.number().int(),
  prizeEach: z.number().int(),
  coins: z.number().int(),
})

/** GET /api/admin/tournaments/:id/settlement-preview */
export const SettlementPreviewSchema = z.object({
  tournamentId: z.string(),
  prizePool: z.number().int(),
  participantCount: z.number().int(),
  tiers: z.array(SettlementTierSchema),
  totalWinners: z.number().int(),
  totalPaid: z.number().int(),
  houseRemainder: z.number().int(),
  isScaled: z.boolean(),
  /** What still stops settlement (domain settlementProblems codes); empty means it may run. */
  problems: z.array(z.object({ code: z.string() }).passthrough()),
})
export type SettlementPreview = z.infer<typeof SettlementPreviewSchema>

/** POST /api/admin/tournaments/:id/settle */
export const SettlementResultSchema = z.object({
  tournamentId: z.string(),
  state: z.enum(['in_progress', 'completed', 'cancelled']),
  prizePool: z.number().int(),
  participantCount: z.number().int(),
  totalWinners: z.number().int(),
  totalPaid: z.number().int(),
  tierCounts: z.record(z.string(), z.number().int()),
  processedAt: z.string().nullable(),
})
export type SettlementResult = z.infer<typeof SettlementResultSchema>

export const SettlementStateSchema = z.enum(SETTLEMENT_STAGES)
export type SettlementState = z.infer<typeof SettlementStateSchema>

/**
 * GET /api/admin/tournaments/:id/settlement, and the 202 of POST …/settle while the chunks still
 * run in the background. Before the start, betsTotal is the number of bets a settlement would pay.
 */
export const SettlementProgressSchema = z.object({
  tournamentId: z.string(),
  state: SettlementStateSchema,
  betsTotal: z.number().int(),
  betsSettled: z.number().int(),
  totalPaid: z.number().int(),
  totalWinners: z.number().int(),
  processedAt: z.string().nullable(),
  /** When a stopped settlement stopped, and why; both null unless state is 'stopped'. */
  stoppedAt: z.string().nullable(),
  stopReason: z.string().nullable(),
})
export type SettlementProgress = z.infer<typeof SettlementProgressSchema>

/** POST /api/admin/tournaments/:id/cancel */
export const CancellationResultSchema = z.object({
  tournamentId: z.string(),
  status: TournamentStatusSchema,
  refundedBets: z.number().int(),
  refundedCoins: z.number().int(),
})
export type CancellationResult = z.infer<typeof CancellationResultSchema>

/** GET /api/tournaments/:id/results (docs/product.md §3 "Tournament results"); 404 until settled. */
export const TournamentResultsSchema = z.object({
  tournament_info: z.object({
    tournament_name: z.string(),
    prize_pool: z.number().int(),
    participant_count: z.number().int(),
  }),
  statistics: z.object({
    total_winners: z.number().int(),
    total_paid: z.number().int(),
    tier_counts: z.record(z.string(), z.number().int()),
  }),
  processed_at: z.string(),
})
export type TournamentResults = z.infer<typeof TournamentResultsSchema>

/** GET /api/tournaments/:id/my-performance (docs/product.md §3 "User performance"); 404 without a settled bet. */
export const MyPerformanceSchema = z.object({
  bet_status: BetStatusSchema,
  prediction_result: z.object({
    correct_predictions: z.number().int(),
    total_predictions: z.number().int(),
    accuracy_percentage: z.number(),
  }),
  prize_distribution: z.object({ prize_amount: z.number().int() }),
  tier_level: z.union([TierKeySchema, z.literal('no_tier')]),
})
export type MyPerformance = z.infer<typeof MyPerformanceSchema>

// ——— users, wallets, adjustments ———

export const AdminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  /** Coins in the wallet (0 while an account has none). */
  balance: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminUser = z.infer<typeof AdminUserSchema>

/** GET /api/admin/users?search= : a part of the e-mail or username, any case. */
export const UserListQuerySchema = z.object({ search: z.string().trim().max(200).optional() })

/** GET /api/admin/users: newest first; `total` counts every account, `matched` the search's. */
export const AdminUserListSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  matched: z.number().int(),
})
export type AdminUserList = z.infer<typeof AdminUserListSchema>

export const AdminTransactionTypeSchema = z.enum([
  'deposit',
  'welcome_bonus',
  'bet_placed',
  'bet_won',
  'bet_lost',
  'bet_refund',
  'withdrawal',
])

export const AdminTransactionSchema = z.object({
  id: z.string(),
  type: AdminTransactionTypeSchema,
  amount: z.number().int(),
  description: z.string(),
  relatedBetId: z.string().nullable(),
  /** As in TransactionSchema: what the web writes the row from. */
  tournamentName: z.string().nullable(),
  tier: TierKeySchema.nullable(),
  createdAt: z.string(),
})
export type AdminTransaction = z.infer<typeof AdminTransactionSchema>

/** GET /api/admin/users/:id/transactions: newest first. */
export const AdminTransactionListSchema = z.object({
  transactions: z.array(AdminTransactionSchema),
})
export type AdminTransactionList = z.infer<typeof AdminTransactionListSchema>

export const AdminWalletSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  balance: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminWallet = z.infer<typeof AdminWalletSchema>

/** GET /api/admin/wallets: by e-mail. */
export const AdminWalletListSchema = z.object({ wallets: z.array(AdminWalletSchema) })
export type AdminWalletList = z.infer<typeof AdminWalletListSchema>

export const WalletAdjustmentInputSchema = z.object({
  type: z.enum(['deposit', 'withdrawal']),
  amount: z
    .number({ error: 'Amount must be greater than 0' })
    .int('Amount must be a whole number')
    .min(1, 'Amount must be greater than 0')
    .max(MAX_CREDIT, 'Amount is too large'),
  reason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(500),
  /** The same key never applies twice: a retry returns the original result. */
  idempotencyKey: z.string().trim().min(8).max(200),
})
export type WalletAdjustmentInput = z.infer<typeof WalletAdjustmentInputSchema>

/** POST /api/admin/wallets/:userId/adjustments → 201 (200 when the key was already applied). */
export const WalletAdjustmentResultSchema = z.object({
  transactionId: z.string(),
  userId: z.string(),
  type: z.enum(['deposit', 'withdrawal']),
  /** Signed, as in the ledger: a withdrawal is negative. */
  amount: z.number().int(),
  balance: z.number().int(),
  isReplay: z.boolean(),
})
export type WalletAdjustmentResult = z.infer<typeof WalletAdjustmentResultSchema>

// ——— audit log ———

export const AuditEntitySchema = z.enum([
  'tournament',
  'player',
  'team',
  'match',
  'wallet',
  'settlement',
])
export type AuditEntity = z.infer<typeof AuditEntitySchema>

export const AuditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string(),
  at: z.string(),
  action: z.string(),
  entity: AuditEntitySchema,
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

/** GET /api/admin/audit?entity=&entityId= : newest first, at most 200. */
export const AuditListSchema = z.object({ entries: z.array(AuditEntrySchema) })
export type AuditList = z.infer<typeof AuditListSchema>

export const AuditQuerySchema = z.object({
  entity: AuditEntitySchema.optional(),
  entityId: z.string().trim().optional(),
})
