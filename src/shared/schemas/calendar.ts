// Calendars (docs/product.md "Calendars", decision 133): a tournament's .ics and a fan's own feed.
import { z } from 'zod'
import { LanguageSchema } from './auth'

/** GET /api/tournaments/:id/calendar.ics?lang= — the language of its texts; default Spanish. */
export const TournamentCalendarQuerySchema = z.object({ lang: LanguageSchema.optional() })

/**
 * GET|POST /api/me/calendar-feed: the fan's feed URL (null before it is first made). POST makes
 * it, or a new one when it exists: the old URL stops working.
 */
export const CalendarFeedSchema = z.object({ url: z.string().nullable() })
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>
