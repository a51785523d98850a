// Calendars (docs/product.md "Calendars", decision 133): a tournament's .ics for anyone, a fan's feed by
// its secret URL (no session: calendar apps fetch it on their own), and the signed-in fan's way to
// read and renew that URL.
import { Hono, type Context } from 'hono'
import { TournamentCalendarQuerySchema, type CalendarFeed } from '#shared/schemas/calendar'
import type { Language } from '#shared/schemas/auth'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import type { Env } from '#server/env'
import { AppError } from '#server/errors'
import { validate } from '#server/middleware/validate'
import { getPreferences } from '#server/features/preferences/index'
import { isUuid } from '#server/game/ids'
import { buildCalendar } from './calendar-builder'
import { CALENDAR_COPY } from './calendar-copy'
import { eventsFor, loadCalendarTournaments } from './calendar-events'
import {
  findCalendarFeedOwner,
  getCalendarFeedUrl,
  renewCalendarFeed,
  type CalendarFeedKeys,
} from './calendar-feed.service'

type CalendarEnv = Pick<Env, 'PUBLIC_URL' | 'BETTER_AUTH_SECRET'>

// Calendar apps poll on their own schedule; this asks them to look every few hours.
const FEED_REFRESH_SECONDS = 4 * 60 * 60

function keysOf(env: CalendarEnv): CalendarFeedKeys {
  if (!env.BETTER_AUTH_SECRET) throw new Error('BETTER_AUTH_SECRET is needed for calendar feeds')
  return { secret: env.BETTER_AUTH_SECRET, publicUrl: env.PUBLIC_URL }
}

function sendCalendar(c: Context<AppEnv>, body: string, cacheControl: string) {
  return c.body(body, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Cache-Control': cacheControl,
  })
}

/** GET /api/tournaments/:id/calendar.ics — the deadline (alarm 2 h before) and the dates. */
export function createTournamentCalendarRoutes({ db, env }: { db: Database; env: CalendarEnv }) {
  return new Hono<AppEnv>().get(
    '/:id/calendar.ics',
    validate('query', TournamentCalendarQuerySchema),
    async (c) => {
      const id = c.req.param('id')
      const [tournament] = isUuid(id) ? await loadCalendarTournaments(db, { tournamentId: id }) : []
      if (!tournament) throw new AppError('NOT_FOUND', 'Tournament not found.')
      const lang: Language = c.req.valid('query').lang ?? 'es'
      const events = await eventsFor([tournament], {
        db,
        lang,
        publicUrl: env.PUBLIC_URL,
        userId: null,
      })
      const body = buildCalendar({
        name: CALENDAR_COPY[lang].tournamentName(tournament.name),
        events,
      })
      c.header('Content-Disposition', `attachment; filename="golden-point-${tournament.id}.ics"`)
      return sendCalendar(c, body, 'public, max-age=300')
    },
  )
}

/** GET /api/calendar/:token.ics — the fan's feed, found by its token alone. */
export function createCalendarFeedRoutes({ db, env }: { db: Database; env: CalendarEnv }) {
  return new Hono<AppEnv>().get('/:token', async (c) => {
    const file = c.req.param('token')
    const userId = file.endsWith('.ics') ? await findCalendarFeedOwner(db, file.slice(0, -4)) : null
    // A renewed or made-up token looks like no feed at all.
    if (!userId) throw new AppError('NOT_FOUND', 'Calendar not found.')
    const { locale } = await getPreferences(db, userId)
    const tournaments = await loadCalendarTournaments(db, { userId })
    const events = await eventsFor(tournaments, {
      db,
      lang: locale,
      publicUrl: env.PUBLIC_URL,
      userId,
    })
    const body = buildCalendar({
      name: CALENDAR_COPY[locale].feedName,
      refreshSeconds: FEED_REFRESH_SECONDS,
      events,
    })
    return sendCalendar(c, body, 'private, max-age=900')
  })
}

/** GET|POST /api/me/calendar-feed — the signed-in fan's feed URL; POST makes a new one. */
export function createMyCalendarFeedRoutes({
  db,
  auth,
  env,
}: {
  db: Database
  auth: Auth
  env: CalendarEnv
}) {
  return new Hono<AppEnv>()
    .use(requireUser(auth))
    .get('/', async (c) =>
      c.json(
        { url: await getCalendarFeedUrl(db, keysOf(env), c.var.user.id) } satisfies CalendarFeed,
        200,
      ),
    )
    .post('/', async (c) =>
      c.json(
        { url: await renewCalendarFeed(db, keysOf(env), c.var.user.id) } satisfies CalendarFeed,
        200,
      ),
    )
}
