// In-app notifications (docs/product.md "Sharing a bracket", docs/decisions/102-notifications-results-mail-and-receipts.md).
// A notification stores its kind and figures, never text: the web writes it in the reader's
// language from these fields.
import { z } from 'zod'
import { TierKeySchema } from './tournament'

/**
 * Every kind, the one list for the server's writers, the API and the web's texts. Later issues
 * add theirs here (a league joined, a second chance opened) with their text in both locales.
 */
export const NOTIFICATION_KINDS = [
  'payout_received',
  'tournament_settled',
  'refund',
  // Leagues (docs/product.md "Leagues"): a fan joined the owner's league; the owner nudged a member.
  'league_joined',
  'league_nudge',
  'second_chance_opened',
  // League pots (docs/product.md "Leagues"): the fan's share, who won, or the stake given back.
  'league_pot_won',
  'league_pot_lost',
  'league_pot_refund',
  // The season's end (docs/product.md "Seasons"): the fan's recap is ready to share.
  'season_recap',
] as const
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS)
export type NotificationKind = z.infer<typeof NotificationKindSchema>

export const NOTIFICATIONS_DEFAULT_LIMIT = 20
export const NOTIFICATIONS_MAX_LIMIT = 50
/** Ids one POST /api/notifications/read may name. */
export const NOTIFICATIONS_MAX_READ_IDS = 100

/**
 * GET /api/notifications?limit=&before= — newest first; `before` is the id of the last item of
 * the previous page. limit=0 answers the unread count alone (the header's badge).
 */
export const NotificationsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(0)
    .default(NOTIFICATIONS_DEFAULT_LIMIT)
    .transform((limit) => Math.min(limit, NOTIFICATIONS_MAX_LIMIT)),
  before: z.uuid().optional(),
})
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>

export const NotificationSchema = z.object({
  id: z.string(),
  kind: NotificationKindSchema,
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** The tournament it is about (its current name); null for kinds about something else. */
  tournament: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Coins received: the prize of a payout, the entry fee of a refund. */
  coins: z.number().int().nullable(),
  /** The tier reached (payout) or null (no tier, other kinds). */
  tier: TierKeySchema.nullable(),
  /** Correct picks and picks scored, for a settled tournament's result. */
  correct: z.number().int().nullable(),
  total: z.number().int().nullable(),
  /** The league it is about (league_joined, league_nudge); null for other kinds or once deleted. */
  league: z.object({ id: z.string(), name: z.string() }).nullable(),
  /**
   * The fan who joined (league_joined), nudged (league_nudge) or won a league pot
   * (league_pot_lost); null for other kinds.
   */
  fan: z.string().nullable(),
  /** The season it is about (season_recap); null for other kinds. */
  season: z.object({ id: z.string(), name: z.string() }).nullable(),
})
export type Notification = z.infer<typeof NotificationSchema>

export const NotificationPageSchema = z.object({
  items: z.array(NotificationSchema),
  unread: z.number().int().nonnegative(),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.string().nullable(),
})
export type NotificationPage = z.infer<typeof NotificationPageSchema>

/** POST /api/notifications/read: some of one's own by id, or all of them. */
export const MarkNotificationsReadSchema = z.union([
  z.strictObject({ ids: z.array(z.uuid()).min(1).max(NOTIFICATIONS_MAX_READ_IDS) }),
  z.strictObject({ all: z.literal(true) }),
])
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsReadSchema>

/** Ids that are not the caller's (or do not exist) are ignored: the answer is the same. */
export const MarkNotificationsReadResultSchema = z.object({
  marked: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
})
export type MarkNotificationsReadResult = z.infer<typeof MarkNotificationsReadResultSchema>
