// The order of play (docs/decisions/141): a match's start time and court, written by the admin
// match form and the bulk schedule of a tournament, shown to fans on every match they read.
import { z } from 'zod'
import { ROUND_ORDER } from '#domain/bracket/bracket'

export const COURT_MAX_LENGTH = 40

/** A match's order of play as fans read it, on every match a fan route returns. */
export const MatchScheduleViewSchema = z.object({
  /** When the match is due to start, an ISO instant; null until the organiser says. */
  startsAt: z.string().nullable(),
  /** Where it is played ("Pista Central"); null until the organiser says. */
  court: z.string().nullable(),
})
export type MatchScheduleView = z.infer<typeof MatchScheduleViewSchema>

/** An ISO instant with its offset ("2026-05-02T18:00:00Z"); null clears it. */
export const StartsAtSchema = z.iso
  .datetime({ offset: true, error: 'Start time must be an ISO date and time' })
  .nullable()

/** A court's name; blank is null (no court said). */
export const CourtSchema = z
  .string({ error: 'Court must be text' })
  .trim()
  .max(COURT_MAX_LENGTH, `Court must be at most ${COURT_MAX_LENGTH} characters`)
  .transform((court) => (court === '' ? null : court))
  .nullable()

/**
 * The two fields as the match form sends them: omitted, the stored value stays (so a client that
 * predates the schedule cannot wipe it), null clears it.
 */
export const ScheduleFieldsSchema = z.object({
  startsAt: StartsAtSchema.optional(),
  court: CourtSchema.optional(),
})

/** One row of PUT /api/admin/tournaments/:id/schedule. */
export const ScheduleEntrySchema = z.object({
  matchId: z.string({ error: 'Match is required' }).trim().min(1, 'Match is required'),
  startsAt: StartsAtSchema,
  court: CourtSchema,
})

/** PUT /api/admin/tournaments/:id/schedule: a round's (or any) matches at once, all or none. */
export const ScheduleInputSchema = z.object({
  matches: z
    .array(ScheduleEntrySchema)
    .min(1, 'List at least one match')
    .max(15, 'A tournament has 15 matches')
    .refine(
      (entries) => new Set(entries.map((entry) => entry.matchId)).size === entries.length,
      'A match is listed twice',
    ),
})
export type ScheduleInput = z.input<typeof ScheduleInputSchema>

/** A pair as a fan's next match names it: the players' full and short names. */
export const ScheduledPairSchema = z.object({
  teamId: z.string(),
  /** "Agustín Tapia / Arturo Coello". */
  name: z.string(),
  /** "Tapia / Coello", for a line on a phone. */
  shortName: z.string(),
})
export type ScheduledPair = z.infer<typeof ScheduledPairSchema>

/** One scheduled match of a pair the fan picked to win it, not played yet (decision 162). */
export const NextMatchSchema = z.object({
  tournamentId: z.string(),
  tournamentName: z.string(),
  matchId: z.string(),
  round: z.enum(ROUND_ORDER),
  matchNumber: z.number().int(),
  /** When it is due to start, an ISO instant; a time in the past means it is being played. */
  startsAt: z.string(),
  court: z.string().nullable(),
  /** The pair the fan picked to win this match. */
  pick: ScheduledPairSchema,
  /** The pair across the net; null while the other slot waits for a result. */
  opponent: ScheduledPairSchema.nullable(),
})
export type NextMatch = z.infer<typeof NextMatchSchema>

/**
 * GET /api/me/next-matches: the next scheduled match of each pair the signed-in fan picked that is
 * still alive, earliest first, over the fan's brackets in play (both contests, once per match).
 */
export const NextMatchesSchema = z.object({ matches: z.array(NextMatchSchema) })
export type NextMatches = z.infer<typeof NextMatchesSchema>
