// Wire contracts of seasons (docs/product.md "Seasons"): tournaments grouped into a season, season
// points per fan, the season standings (globally and per league) and a fan's own season.
import { z } from 'zod'
import { isCalendarDay } from '#domain/season/season-calendar'
import { TierResultSchema } from './standings'
import { TournamentStatusSchema } from './tournament'

export const SEASON_NAME_MIN = 3
export const SEASON_NAME_MAX = 60

const SeasonName = z.string().trim().min(SEASON_NAME_MIN).max(SEASON_NAME_MAX)
const CalendarDay = z.string().refine(isCalendarDay, { message: 'A date as YYYY-MM-DD' })

/** POST /api/admin/seasons. */
export const CreateSeasonInputSchema = z
  .strictObject({ name: SeasonName, startsOn: CalendarDay, endsOn: CalendarDay })
  .refine((season) => season.endsOn >= season.startsOn, {
    message: 'The season ends on or after its first day',
    path: ['endsOn'],
  })
export type CreateSeasonInput = z.infer<typeof CreateSeasonInputSchema>

/** PATCH /api/admin/seasons/:id: any of the three; the days checked together with the stored ones. */
export const UpdateSeasonInputSchema = z.strictObject({
  name: SeasonName.optional(),
  startsOn: CalendarDay.optional(),
  endsOn: CalendarDay.optional(),
})
export type UpdateSeasonInput = z.infer<typeof UpdateSeasonInputSchema>

export const SeasonSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  /** Tournaments in it, and how many of them are counted (settled). */
  tournaments: z.number().int(),
  counted: z.number().int(),
  /** Fans with season points. */
  fans: z.number().int(),
  isCurrent: z.boolean(),
  isOver: z.boolean(),
})
export type SeasonSummary = z.infer<typeof SeasonSummarySchema>

/** GET /api/seasons: every season, the latest first; `currentId` is the one shown by default. */
export const SeasonListSchema = z.object({
  seasons: z.array(SeasonSummarySchema),
  currentId: z.string().nullable(),
})
export type SeasonList = z.infer<typeof SeasonListSchema>

export const SeasonTournamentSchema = z.object({
  tournamentId: z.string(),
  name: z.string(),
  status: TournamentStatusSchema,
  startDate: z.string(),
  /** Counted: its points are in the table (its place in the counting order), else null. */
  step: z.number().int().nullable(),
})
export type SeasonTournament = z.infer<typeof SeasonTournamentSchema>

/** The bonus per tier, as the page shows the rule. */
export const SeasonBonusSchema = z.object({ tier: TierResultSchema, bonus: z.number().int() })

/** GET /api/seasons/:id: the season, its tournaments in date order, and the points rule. */
export const SeasonDetailSchema = SeasonSummarySchema.extend({
  tournamentList: z.array(SeasonTournamentSchema),
  bonuses: z.array(SeasonBonusSchema),
})
export type SeasonDetail = z.infer<typeof SeasonDetailSchema>

export const DEFAULT_SEASON_PAGE_SIZE = 25
export const MAX_SEASON_PAGE_SIZE = 100

/** ?page= from 1, ?pageSize= 1–100 (above capped), ?leagueId= a league's UUID. */
export const SeasonStandingsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_SEASON_PAGE_SIZE)
    .transform((size) => Math.min(size, MAX_SEASON_PAGE_SIZE)),
  leagueId: z.uuid().optional(),
})
export type SeasonStandingsQuery = z.infer<typeof SeasonStandingsQuerySchema>

export const SeasonRowSchema = z.object({
  /** Competition rank: equal points, tournaments and coins share it (1, 1, 3). */
  rank: z.number().int(),
  username: z.string(),
  points: z.number().int(),
  tournaments: z.number().int(),
  coinsWon: z.number().int(),
  isMe: z.boolean(),
})
export type SeasonRow = z.infer<typeof SeasonRowSchema>

/** GET /api/seasons/:id/standings: a page of the table and the caller's own row as `me`. */
export const SeasonStandingsSchema = z.object({
  seasonId: z.string(),
  /** Fans ranked (in a league: its members with season points). */
  fans: z.number().int(),
  counted: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  rows: z.array(SeasonRowSchema),
  me: SeasonRowSchema.nullable(),
  builtAt: z.string(),
})
export type SeasonStandings = z.infer<typeof SeasonStandingsSchema>

export const MySeasonTournamentSchema = z.object({
  tournamentId: z.string(),
  name: z.string(),
  step: z.number().int(),
  /** Whether the fan entered it; a skipped tournament scores 0. */
  played: z.boolean(),
  points: z.number().int(),
  correct: z.number().int().nullable(),
  secondChanceCorrect: z.number().int().nullable(),
  tier: TierResultSchema.nullable(),
  coinsWon: z.number().int(),
  /** The fan's rank once this tournament was counted; null before their first tournament. */
  rankAfter: z.number().int().nullable(),
  fansAfter: z.number().int(),
})
export type MySeasonTournament = z.infer<typeof MySeasonTournamentSchema>

/** GET /api/seasons/:id/me: the caller's season, tournament by tournament. */
export const MySeasonSchema = z.object({
  season: SeasonSummarySchema,
  /** Null before the fan's first counted tournament. */
  me: SeasonRowSchema.nullable(),
  fans: z.number().int(),
  /** Counted tournaments in counting order, each with the fan's points and rank after it. */
  tournaments: z.array(MySeasonTournamentSchema),
  /** Correct picks over every counted tournament (both contests). */
  correct: z.number().int(),
  /** The counted tournament that gave the most points; null before the first. */
  bestTournamentId: z.string().nullable(),
  /** The share page of this season card; null until the fan has a row. */
  shareId: z.string().nullable(),
  /** Ended and every tournament settled or cancelled: the page is the season's recap. */
  isRecap: z.boolean(),
})
export type MySeason = z.infer<typeof MySeasonSchema>

/**
 * GET /api/season-share/:shareId: a fan's season card, public and the same for every viewer. It
 * holds only what the card shows (docs/product.md "Seasons"): no other fan, no tournament-by-tournament
 * points.
 */
export const SharedSeasonSchema = z.object({
  shareId: z.string(),
  username: z.string(),
  season: z.object({
    id: z.string(),
    name: z.string(),
    endsOn: z.string(),
    /** Ended and every tournament settled or cancelled: the card is the season's recap. */
    isRecap: z.boolean(),
  }),
  rank: z.number().int(),
  fans: z.number().int(),
  points: z.number().int(),
  /** Tournaments the fan played of the ones counted. */
  played: z.number().int(),
  counted: z.number().int(),
  correct: z.number().int(),
  bestTournament: z.string().nullable(),
  coinsWon: z.number().int(),
  /** The fan's rank after each counted tournament they had played by then. */
  line: z.array(z.object({ name: z.string(), rank: z.number().int() })),
})
export type SharedSeason = z.infer<typeof SharedSeasonSchema>

/** GET /api/admin/seasons: with each one's tournaments. */
export const AdminSeasonSchema = SeasonSummarySchema.extend({
  tournamentList: z.array(SeasonTournamentSchema),
})
export type AdminSeason = z.infer<typeof AdminSeasonSchema>
export const AdminSeasonListSchema = z.object({ seasons: z.array(AdminSeasonSchema) })
export type AdminSeasonList = z.infer<typeof AdminSeasonListSchema>
