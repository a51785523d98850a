// The order of play (docs/decisions/141): a match's start time and court, written by the admin
// match form and the bulk schedule of a tournament, shown to fans on every match they read.
import { z } from 'zod'

export const COURT_MAX_LENGTH = 40

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
