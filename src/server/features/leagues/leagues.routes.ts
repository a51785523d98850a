// The leagues API (docs/product.md "Leagues", docs/decisions/105 and 106). Every route but the invite
// preview needs a session; a private league is a 404 to anyone not in it, on every route.
import { Hono } from 'hono'
import {
  CreateLeagueInputSchema,
  JoinLeagueInputSchema,
  LeagueMembersQuerySchema,
  NudgeInputSchema,
  PublicLeaguesQuerySchema,
  UpdateLeagueInputSchema,
} from '#shared/schemas/league'
import { displayNameOf } from '#shared/schemas/auth'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import type { Mailer } from '#server/mail/mailer'
import { validate } from '#server/middleware/validate'
import { findViewerId } from '#server/auth/viewer'
import { countJoinAttempt, type JoinRateLimitEnv } from './join-rate-limit'
import {
  joinLeague,
  leaveLeague,
  letRemovedFanBack,
  previewInvite,
  removeMember,
  renewInvite,
} from './league-membership.service'
import { nudgeMembers, type NudgeEnv } from './league-nudge.service'
import { listLeagueMembers } from './league-members.service'
import { getLeagueDetail } from './league-page.service'
import {
  createLeague,
  deleteLeague,
  listMyLeagues,
  searchPublicLeagues,
  updateLeague,
} from './leagues.service'

export function createLeagueRoutes(deps: {
  db: Database
  auth: Auth
  env: NudgeEnv & JoinRateLimitEnv
  mailer: Mailer
}) {
  const { db, auth } = deps
  const signedIn = requireUser(auth)
  // Static paths first: /public, /invites/:code and /join are not league ids.
  return new Hono<AppEnv>()
    .get('/', signedIn, async (c) => c.json(await listMyLeagues(db, c.var.user.id), 200))
    .post('/', signedIn, validate('json', CreateLeagueInputSchema), async (c) =>
      c.json(await createLeague(db, c.var.user.id, c.req.valid('json')), 201),
    )
    .get('/public', signedIn, validate('query', PublicLeaguesQuerySchema), async (c) =>
      c.json(await searchPublicLeagues(db, c.var.user.id, c.req.valid('query')), 200),
    )
    .get('/invites/:code', async (c) => {
      // The preview tells whether a code exists: it counts against the same limit as joining.
      await countJoinAttempt(db, deps.env, c.var.clientIp)
      return c.json(await previewInvite(db, c.req.param('code'), await findViewerId(c, auth)), 200)
    })
    .post('/join', signedIn, validate('json', JoinLeagueInputSchema), async (c) => {
      // Every well-formed try counts, a wrong code included; malformed ones are refused first.
      await countJoinAttempt(db, deps.env, c.var.clientIp)
      return c.json(await joinLeague(db, c.var.user.id, c.req.valid('json')), 200)
    })
    .get('/:id', signedIn, async (c) =>
      c.json(await getLeagueDetail(db, c.req.param('id'), c.var.user.id), 200),
    )
    .patch('/:id', signedIn, validate('json', UpdateLeagueInputSchema), async (c) =>
      c.json(await updateLeague(db, c.req.param('id'), c.var.user.id, c.req.valid('json')), 200),
    )
    .delete('/:id', signedIn, async (c) => {
      await deleteLeague(db, c.req.param('id'), c.var.user.id)
      return c.body(null, 204)
    })
    .post('/:id/invite', signedIn, async (c) =>
      c.json(await renewInvite(db, c.req.param('id'), c.var.user.id), 200),
    )
    .post('/:id/leave', signedIn, async (c) => {
      await leaveLeague(db, c.req.param('id'), c.var.user.id)
      return c.body(null, 204)
    })
    .get('/:id/members', signedIn, validate('query', LeagueMembersQuerySchema), async (c) =>
      c.json(
        await listLeagueMembers(db, c.req.param('id'), c.var.user.id, c.req.valid('query')),
        200,
      ),
    )
    .delete('/:id/members/:userId', signedIn, async (c) => {
      await removeMember(db, c.req.param('id'), c.var.user.id, c.req.param('userId'))
      return c.body(null, 204)
    })
    .delete('/:id/removals/:userId', signedIn, async (c) => {
      await letRemovedFanBack(db, c.req.param('id'), c.var.user.id, c.req.param('userId'))
      return c.body(null, 204)
    })
    .post('/:id/nudge', signedIn, validate('json', NudgeInputSchema), async (c) => {
      const owner = { id: c.var.user.id, name: displayNameOf(c.var.user) }
      const { tournamentId } = c.req.valid('json')
      return c.json(await nudgeMembers(deps, c.req.param('id'), owner, tournamentId), 200)
    })
}
