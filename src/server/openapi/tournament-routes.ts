// The health checks and the tournament routes (reads, bets, brackets, standings, results), as the OpenAPI document describes them (docs/decisions/160).
import { z } from 'zod'
import { MyBetSchema } from '#shared/schemas/bet'
import { PlaceBetInputSchema, PlaceBetResultSchema } from '#shared/schemas/bet'
import { ChangeBetResultSchema } from '#shared/schemas/bracket-change'
import { FanBracketSchema, PopularPicksSchema, PopularitySchema } from '#shared/schemas/brackets'
import { TournamentCalendarQuerySchema } from '#shared/schemas/calendar'
import { ContestQuerySchema } from '#shared/schemas/contest'
import { MyInsightQuerySchema, MyInsightSchema } from '#shared/schemas/insight'
import {
  LeaderboardPositionSchema,
  LeaderboardQuerySchema,
  LeaderboardSchema,
} from '#shared/schemas/leaderboard'
import {
  MySecondChanceBetSchema,
  PlaceSecondChanceBetInputSchema,
  SecondChanceSchema,
} from '#shared/schemas/second-chance'
import { ShareImageQuerySchema, SharedBracketSchema } from '#shared/schemas/share'
import { StandingsQuerySchema, StandingsSchema } from '#shared/schemas/standings'
import { PublicStatsSchema } from '#shared/schemas/stats'
import {
  PrizePoolInfoSchema,
  TournamentDetailSchema,
  TournamentListSchema,
} from '#shared/schemas/tournament'
import { MyPerformanceSchema, TournamentResultsSchema } from '#shared/schemas/admin'
import type { ErrorCode } from '#shared/errors'
import type { RouteGroup } from './documented-route'

const BET_REFUSALS: ErrorCode[] = [
  'INSUFFICIENT_FUNDS',
  'ALREADY_BET',
  'BETTING_CLOSED',
  'INVALID_BRACKET',
  'CONFLICT',
]

export const TOURNAMENT_ROUTE_GROUPS: RouteGroup[] = [
  {
    tag: 'Health',
    description: 'Liveness and readiness, for load balancers.',
    routes: [
      {
        method: 'get',
        path: '/api/health',
        summary: 'The process runs (never asks the database)',
        access: 'anyone',
        response: z.object({ status: z.literal('ok') }),
      },
      {
        method: 'get',
        path: '/api/ready',
        summary: 'The database answers within 2 s (503 otherwise)',
        access: 'anyone',
        response: z.object({ status: z.literal('ready') }),
      },
    ],
  },
  {
    tag: 'Tournaments',
    description: 'Tournaments, their results, bets and brackets.',
    routes: [
      {
        method: 'get',
        path: '/api/stats',
        summary: "The landing page's public figures",
        access: 'anyone',
        response: PublicStatsSchema,
      },
      {
        method: 'get',
        path: '/api/tournaments',
        summary: 'Every tournament, newest first',
        access: 'anyone',
        response: TournamentListSchema,
      },
      {
        method: 'get',
        path: '/api/tournaments/:id',
        summary: 'A tournament with its pairs and matches',
        access: 'anyone',
        response: TournamentDetailSchema,
      },
      {
        method: 'get',
        path: '/api/tournaments/:id/prize-pool',
        summary: 'The prize pool and its tiers',
        access: 'anyone',
        response: PrizePoolInfoSchema,
      },
      {
        method: 'get',
        path: '/api/tournaments/:id/results',
        summary: 'Results and prize tiers once settled',
        access: 'anyone',
        response: TournamentResultsSchema,
      },
      {
        method: 'get',
        path: '/api/tournaments/:id/live',
        summary: 'Server-Sent Events: result, mvp, status, standings, schedule',
        access: 'anyone',
        content: 'text/event-stream',
        errors: ['RATE_LIMITED'],
      },
      {
        method: 'get',
        path: '/api/tournaments/:id/calendar.ics',
        summary: "The tournament's calendar",
        access: 'anyone',
        query: TournamentCalendarQuerySchema,
        content: 'text/calendar',
      },
      {
        method: 'post',
        path: '/api/tournaments/:id/bets',
        summary: 'Place a bet: the bracket, the MVP and the tiebreaker',
        access: 'fan',
        body: PlaceBetInputSchema,
        response: PlaceBetResultSchema,
        status: 201,
        errors: BET_REFUSALS,
      },
      {
        method: 'get',
        path: '/api/tournaments/:id/my-bet',
        summary: "The caller's bet with each prediction",
        access: 'fan',
        response: MyBetSchema,
      },
      {
        method: 'put',
        path: '/api/tournaments/:id/my-bet',
        summary: "Change the caller's bracket before the deadline",
        access: 'fan',
        body: PlaceBetInputSchema,
        response: ChangeBetResultSchema,
        errors: BET_REFUSALS,
      },
      {
        method: 'get',
        path: '/api/tournaments/:id/my-performance',
        summary: "The caller's score and prize once settled",
        access: 'fan',
        response: MyPerformanceSchema,
      },
      {
        method: 'get',
        path: '/api/tournaments/:id/my-insight',
        summary: "The caller's chances while the tournament plays",
        access: 'fan',
        query: MyInsightQuerySchema,
        response: MyInsightSchema,
      },
      {
        method: 'get',
        path: '/api/tournaments/:id/standings',
        summary: 'The standings, a page at a time, searchable, by league',
        access: 'fan',
        query: StandingsQuerySchema.extend(ContestQuerySchema.shape),
        response: StandingsSchema,
      },
      {
        method: 'get',
        path: '/api/tournaments/:id/brackets/:username',
        summary: "A fan's bracket with each pick marked (after betting closes)",
        access: 'fan',
        query: ContestQuerySchema,
        response: FanBracketSchema,
      },
      {
        method: 'get',
        path: '/api/tournaments/:id/popularity',
        summary: "The People's Bracket (after betting closes)",
        access: 'anyone',
        query: ContestQuerySchema,
        response: PopularitySchema,
      },
      {
        method: 'get',
        path: '/api/tournaments/:id/popular-picks',
        summary: 'The most-picked winner per match (from 50 brackets; shares after the deadline)',
        access: 'anyone',
        response: PopularPicksSchema,
      },
      {
        method: 'get',
        path: '/api/tournaments/:id/second-chance',
        summary: "The tournament's second chance",
        access: 'anyone',
        response: SecondChanceSchema,
      },
      {
        method: 'get',
        path: '/api/tournaments/:id/second-chance/my-bet',
        summary: "The caller's second-chance bet",
        access: 'fan',
        response: MySecondChanceBetSchema,
      },
      {
        method: 'post',
        path: '/api/tournaments/:id/second-chance/bets',
        summary: 'Place a second-chance bet',
        access: 'fan',
        body: PlaceSecondChanceBetInputSchema,
        response: PlaceBetResultSchema,
        status: 201,
        errors: BET_REFUSALS,
      },
      {
        method: 'get',
        path: '/api/leaderboard',
        summary: 'The richest fans',
        access: 'fan',
        query: LeaderboardQuerySchema,
        response: LeaderboardSchema,
      },
      {
        method: 'get',
        path: '/api/leaderboard/me',
        summary: "The caller's position",
        access: 'fan',
        response: LeaderboardPositionSchema,
      },
      {
        method: 'get',
        path: '/api/share/:shareId',
        summary: 'A shared bracket',
        access: 'anyone',
        response: SharedBracketSchema,
      },
      {
        method: 'get',
        path: '/api/share/:shareId/image.png',
        summary: "A shared bracket's card",
        access: 'anyone',
        query: ShareImageQuerySchema,
        content: 'image/png',
        errors: ['RATE_LIMITED'],
      },
    ],
  },
]
