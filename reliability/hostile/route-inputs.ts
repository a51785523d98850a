// What each route of the app reads besides its path: the zod schemas its `validate('json' |
// 'query', …)` uses. Every route of the route table must have an entry here (the fuzzer checks),
// so a new route cannot be left out of the hostile-input run; `{}` means it reads no body and
// no query, and the fuzzer then sends it junk of both anyway.
import { ScheduleInputSchema } from '#shared/schemas/schedule'
import { z } from 'zod'
import { NAME_MAX_LENGTH } from '#server/auth/account-input-rules'
import {
  AuditQuerySchema,
  MatchInputSchema,
  PlayerInputSchema,
  PlayerListQuerySchema,
  SetMvpInputSchema,
  TeamInputSchema,
  TournamentFilterQuerySchema,
  TournamentInputSchema,
  WalletAdjustmentInputSchema,
  UserListQuerySchema,
} from '#shared/schemas/admin'
import {
  EmailRequestInputSchema,
  ResetPasswordInputSchema,
  SignInInputSchema,
  SignUpInputSchema,
  UsernameSchema,
} from '#shared/schemas/auth'
import { MyBetsQuerySchema, PlaceBetInputSchema } from '#shared/schemas/bet'
import { MyInsightQuerySchema } from '#shared/schemas/insight'
import {
  OpenSecondChanceInputSchema,
  PlaceSecondChanceBetInputSchema,
} from '#shared/schemas/second-chance'
import { LeaderboardQuerySchema } from '#shared/schemas/leaderboard'
import { SetPotStakeInputSchema } from '#shared/schemas/league-pot'
import {
  CreateSeasonInputSchema,
  SeasonStandingsQuerySchema,
  UpdateSeasonInputSchema,
} from '#shared/schemas/season'
import {
  CreateLeagueInputSchema,
  JoinLeagueInputSchema,
  LeagueMembersQuerySchema,
  NudgeInputSchema,
  PublicLeaguesQuerySchema,
  UpdateLeagueInputSchema,
} from '#shared/schemas/league'
import { MailboxQuerySchema } from '#shared/schemas/mailbox'
import { MailOutboxQuerySchema } from '#shared/schemas/mail-outbox'
import { ShareImageQuerySchema } from '#shared/schemas/share'
import { StandingsQuerySchema } from '#shared/schemas/standings'
import { ContestQuerySchema } from '#shared/schemas/contest'
import { MarkNotificationsReadSchema, NotificationsQuerySchema } from '#shared/schemas/notification'
import { UnsubscribeQuerySchema, UpdatePreferencesSchema } from '#shared/schemas/preferences'
import { TransactionsQuerySchema } from '#shared/schemas/transaction'
import { PushSubscriptionInputSchema, RemovePushSubscriptionSchema } from '#shared/schemas/push'
import { TournamentCalendarQuerySchema } from '#shared/schemas/calendar'

export interface RouteInputs {
  json?: z.ZodType
  query?: z.ZodType
  /** Reads nothing and acts on its caller alone: any request its caller sends may succeed. */
  actsOnCaller?: true
}

export const ROUTE_INPUTS: Record<string, RouteInputs> = {
  'GET /api/health': {},
  'GET /api/ready': {},
  // Prometheus's scrape (src/server/metrics): a bearer token, no body, no query.
  'GET /metrics': {},
  // The OpenAPI document and its reference page (src/server/openapi): nothing read.
  'GET /api/openapi.json': {},
  'GET /api/docs': {},
  'GET /api/docs/swagger-ui.css': {},
  'GET /api/docs/swagger-ui-bundle.js': {},
  'GET /api/docs/init.js': {},
  'GET /api/stats': {},
  'GET /api/session': {},
  'GET /api/me': {},
  'GET /api/me/bets': { query: MyBetsQuerySchema },
  'GET /api/me/stats': {},
  'GET /api/me/brackets': {},
  'GET /api/me/next-matches': {},
  'GET /api/me/transactions': { query: TransactionsQuerySchema },
  'GET /api/me/top-up': {},
  'POST /api/me/top-up': {},
  'GET /api/me/preferences': {},
  'PUT /api/me/preferences': { json: UpdatePreferencesSchema },
  'GET /api/unsubscribe': { query: UnsubscribeQuerySchema },
  'POST /api/unsubscribe': { query: UnsubscribeQuerySchema },
  'POST /api/me/push-subscriptions': { json: PushSubscriptionInputSchema },
  'DELETE /api/me/push-subscriptions': { json: RemovePushSubscriptionSchema },
  'GET /api/push/public-key': {},
  'GET /api/me/calendar-feed': {},
  'POST /api/me/calendar-feed': { actsOnCaller: true },
  'GET /api/calendar/:token': {},
  'GET /api/tournaments': {},
  'GET /api/tournaments/:id': {},
  'GET /api/tournaments/:id/prize-pool': {},
  'GET /api/tournaments/:id/live': {},
  'GET /api/tournaments/:id/my-bet': {},
  'PUT /api/tournaments/:id/my-bet': { json: PlaceBetInputSchema },
  'POST /api/tournaments/:id/bets': { json: PlaceBetInputSchema },
  'GET /api/tournaments/:id/results': {},
  'GET /api/tournaments/:id/calendar.ics': { query: TournamentCalendarQuerySchema },
  'GET /api/tournaments/:id/my-performance': {},
  'GET /api/tournaments/:id/my-insight': { query: MyInsightQuerySchema },
  'GET /api/tournaments/:id/standings': {
    query: StandingsQuerySchema.extend(ContestQuerySchema.shape),
  },
  'GET /api/tournaments/:id/brackets/:username': { query: ContestQuerySchema },
  'GET /api/tournaments/:id/popularity': { query: ContestQuerySchema },
  'GET /api/tournaments/:id/popular-picks': {},
  'GET /api/tournaments/:id/second-chance': {},
  'GET /api/tournaments/:id/second-chance/my-bet': {},
  'POST /api/tournaments/:id/second-chance/bets': { json: PlaceSecondChanceBetInputSchema },
  'GET /api/leaderboard': { query: LeaderboardQuerySchema },
  'GET /api/leaderboard/me': {},
  'GET /api/share/:shareId': {},
  'GET /api/share/:shareId/image.png': { query: ShareImageQuerySchema },
  'GET /api/notifications': { query: NotificationsQuerySchema },
  'POST /api/notifications/read': { json: MarkNotificationsReadSchema },
  'GET /api/leagues': {},
  'POST /api/leagues': { json: CreateLeagueInputSchema },
  'GET /api/leagues/public': { query: PublicLeaguesQuerySchema },
  'GET /api/leagues/invites/:code': {},
  'POST /api/leagues/join': { json: JoinLeagueInputSchema },
  'GET /api/leagues/:id': {},
  'PATCH /api/leagues/:id': { json: UpdateLeagueInputSchema },
  'DELETE /api/leagues/:id': {},
  'POST /api/leagues/:id/invite': {},
  'POST /api/leagues/:id/leave': {},
  'GET /api/leagues/:id/members': { query: LeagueMembersQuerySchema },
  'DELETE /api/leagues/:id/members/:userId': {},
  'DELETE /api/leagues/:id/removals/:userId': {},
  'POST /api/leagues/:id/nudge': { json: NudgeInputSchema },
  'GET /api/leagues/:id/pots/:tournamentId': {},
  'PUT /api/leagues/:id/pots/:tournamentId': { json: SetPotStakeInputSchema },
  'POST /api/leagues/:id/pots/:tournamentId/join': {},
  'GET /api/seasons': {},
  'GET /api/seasons/:id': {},
  'GET /api/seasons/:id/standings': { query: SeasonStandingsQuerySchema },
  'GET /api/seasons/:id/me': {},
  'GET /api/season-share/:shareId': {},
  'GET /api/season-share/:shareId/image.png': { query: ShareImageQuerySchema },
  'GET /api/admin/stats': {},
  'GET /api/admin/tournaments': {},
  'POST /api/admin/tournaments': { json: TournamentInputSchema },
  'GET /api/admin/tournaments/:id': {},
  'PUT /api/admin/tournaments/:id': { json: TournamentInputSchema },
  'POST /api/admin/tournaments/:id/bracket': {},
  'POST /api/admin/tournaments/:id/mvp': { json: SetMvpInputSchema },
  'GET /api/admin/tournaments/:id/settlement-preview': {},
  'POST /api/admin/tournaments/:id/settle': {},
  'GET /api/admin/tournaments/:id/settlement': {},
  'POST /api/admin/tournaments/:id/cancel': {},
  'POST /api/admin/tournaments/:id/second-chance': { json: OpenSecondChanceInputSchema },
  // The draw file comes as multipart (decision 140): junk bodies and queries are all it is sent.
  'POST /api/admin/tournaments/:id/draw/preview': {},
  'POST /api/admin/tournaments/:id/draw/import': {},
  'GET /api/admin/tournaments/:id/draw.csv': {},
  'GET /api/admin/players': { query: PlayerListQuerySchema },
  'POST /api/admin/players': { json: PlayerInputSchema },
  'GET /api/admin/players/:id': {},
  'PUT /api/admin/players/:id': { json: PlayerInputSchema },
  'GET /api/admin/teams': { query: TournamentFilterQuerySchema },
  'POST /api/admin/teams': { json: TeamInputSchema },
  'GET /api/admin/teams/:id': {},
  'PUT /api/admin/teams/:id': { json: TeamInputSchema },
  'GET /api/admin/matches': { query: TournamentFilterQuerySchema },
  'POST /api/admin/matches': { json: MatchInputSchema },
  'GET /api/admin/matches/:id': {},
  'PUT /api/admin/matches/:id': { json: MatchInputSchema },
  'PUT /api/admin/tournaments/:id/schedule': { json: ScheduleInputSchema },
  'GET /api/admin/users': { query: UserListQuerySchema },
  'GET /api/admin/users/:id/transactions': {},
  'GET /api/admin/bets/:betId/history': {},
  'GET /api/admin/wallets': {},
  'POST /api/admin/wallets/:userId/adjustments': { json: WalletAdjustmentInputSchema },
  'GET /api/admin/audit': { query: AuditQuerySchema },
  'GET /api/admin/mail-outbox': { query: MailOutboxQuerySchema },
  'POST /api/admin/mail-outbox/:id/retry': {},
  'GET /api/admin/seasons': {},
  'POST /api/admin/seasons': { json: CreateSeasonInputSchema },
  'PATCH /api/admin/seasons/:id': { json: UpdateSeasonInputSchema },
  'DELETE /api/admin/seasons/:id': {},
  'PUT /api/admin/seasons/:id/tournaments/:tournamentId': {},
  'DELETE /api/admin/seasons/:id/tournaments/:tournamentId': {},
  'GET /api/dev/mailbox': { query: MailboxQuerySchema },
  // better-auth's catch-all: the fuzzer spreads its cases over AUTH_ENDPOINTS.
  'GET /api/auth/*': {},
  'POST /api/auth/*': {},
}

/**
 * better-auth's update-user as our rules let it through (decision 067): the shown name is the
 * caller's own username apart from case (a plausible body may still be refused for naming
 * another), a bounded printable name, no picture.
 */
const UpdateUserInputSchema = z.object({
  displayUsername: UsernameSchema.optional(),
  name: z.string().min(1).max(NAME_MAX_LENGTH).optional(),
})

export interface AuthEndpoint {
  method: 'GET' | 'POST'
  path: string
  inputs: RouteInputs
}

/** better-auth's endpoints the web uses (and a few it does not), with the web's own schemas. */
export const AUTH_ENDPOINTS: AuthEndpoint[] = [
  { method: 'POST', path: '/api/auth/sign-up/email', inputs: { json: SignUpInputSchema } },
  { method: 'POST', path: '/api/auth/sign-in/email', inputs: { json: SignInInputSchema } },
  { method: 'POST', path: '/api/auth/sign-out', inputs: {} },
  {
    method: 'POST',
    path: '/api/auth/request-password-reset',
    inputs: { json: EmailRequestInputSchema },
  },
  {
    method: 'POST',
    path: '/api/auth/send-verification-email',
    inputs: { json: EmailRequestInputSchema },
  },
  { method: 'POST', path: '/api/auth/reset-password', inputs: { json: ResetPasswordInputSchema } },
  { method: 'POST', path: '/api/auth/update-user', inputs: { json: UpdateUserInputSchema } },
  { method: 'POST', path: '/api/auth/change-password', inputs: {} },
  { method: 'POST', path: '/api/auth/change-email', inputs: {} },
  { method: 'POST', path: '/api/auth/delete-user', inputs: {} },
  { method: 'POST', path: '/api/auth/admin/set-role', inputs: {} },
  { method: 'POST', path: '/api/auth/admin/ban-user', inputs: {} },
  { method: 'GET', path: '/api/auth/get-session', inputs: {} },
  { method: 'GET', path: '/api/auth/verify-email', inputs: {} },
  { method: 'GET', path: '/api/auth/admin/list-users', inputs: {} },
  { method: 'GET', path: '/api/auth/list-sessions', inputs: {} },
]
