import { z } from 'zod'
import { LanguageSchema } from './auth'

/**
 * The kinds of non-essential mail a fan may turn off (docs/product.md "Mail preferences,
 * unsubscribing and deadline reminders").
 */
export const MAIL_KINDS = ['reminders', 'results', 'leagueNudges'] as const
export const MailKindSchema = z.enum(MAIL_KINDS)
export type MailKind = z.infer<typeof MailKindSchema>

/**
 * The kinds a fan switches on the push channel (docs/product.md "The app on a phone: push notifications, installing, offline"): the mail kinds, the same
 * words for the same news, and a second chance opening, marketing-like and so off unless chosen.
 * A later kind (a season recap) is one more entry here and in PUSH_KIND_DEFAULTS.
 */
export const PUSH_KINDS = ['reminders', 'results', 'leagueNudges', 'secondChance'] as const
export const PushKindSchema = z.enum(PUSH_KINDS)
export type PushKind = z.infer<typeof PushKindSchema>

/** What a fan who never chose gets: push on for their deadlines, results and leagues only. */
export const PUSH_KIND_DEFAULTS: Readonly<Record<PushKind, boolean>> = {
  reminders: true,
  results: true,
  leagueNudges: true,
  secondChance: false,
}

export const PushPreferencesSchema = z.object(
  Object.fromEntries(PUSH_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    PushKind,
    z.ZodBoolean
  >,
)
export type PushPreferences = z.infer<typeof PushPreferencesSchema>

const TIME_ZONE_MAX_LENGTH = 64

/** Whether the runtime knows `name` as an IANA time zone (Europe/Madrid, America/Bogota, UTC). */
export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

export const TimeZoneSchema = z
  .string()
  .min(1)
  .max(TIME_ZONE_MAX_LENGTH)
  .refine(isKnownTimeZone, { message: 'must be an IANA time zone such as Europe/Madrid' })

/**
 * GET /api/me/preferences: which news the fan gets on each channel, and the language and zone
 * they are in. The mail channel's switches are the top-level ones (as before push existed, so
 * older clients and the unsubscribe links keep working); the push channel's are under `push`.
 */
export const PreferencesSchema = z.object({
  reminders: z.boolean(),
  results: z.boolean(),
  leagueNudges: z.boolean(),
  locale: LanguageSchema,
  /** null = UTC. */
  timeZone: z.string().nullable(),
  push: PushPreferencesSchema,
})
export type Preferences = z.infer<typeof PreferencesSchema>

/**
 * PUT /api/me/preferences: any of the fields, at least one; unknown keys are refused. The answer
 * is the whole set as GET gives it.
 */
export const UpdatePreferencesSchema = z
  .strictObject({
    reminders: z.boolean().optional(),
    results: z.boolean().optional(),
    leagueNudges: z.boolean().optional(),
    locale: LanguageSchema.optional(),
    timeZone: TimeZoneSchema.nullable().optional(),
    /** Some push switches; the others keep their value. */
    push: PushPreferencesSchema.partial()
      .strict()
      .refine((push) => Object.keys(push).length > 0, { message: 'name at least one push kind' })
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'name at least one preference' })
export type UpdatePreferences = z.infer<typeof UpdatePreferencesSchema>

/** POST /api/unsubscribe?token=… (one-click, RFC 8058) and the page /unsubscribe?token=…. */
export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(512) })

/** The answer of POST /api/unsubscribe: which kind of mail is now off. */
export const UnsubscribeResultSchema = z.object({ kind: MailKindSchema })
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>
