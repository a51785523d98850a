// The signed-in fan's own routes: account, wallet, bets, notifications, preferences, push, as the OpenAPI document describes them (docs/decisions/160).
import { MyBetsQuerySchema, MyBetsSchema, MyStatsSchema } from '#shared/schemas/bet'
import { CalendarFeedSchema } from '#shared/schemas/calendar'
import { MeSchema, SessionSchema, TopUpResultSchema, TopUpStatusSchema } from '#shared/schemas/me'
import {
  MarkNotificationsReadResultSchema,
  MarkNotificationsReadSchema,
  NotificationPageSchema,
  NotificationsQuerySchema,
} from '#shared/schemas/notification'
import {
  PreferencesSchema,
  UnsubscribeQuerySchema,
  UnsubscribeResultSchema,
  UpdatePreferencesSchema,
} from '#shared/schemas/preferences'
import {
  PushPublicKeySchema,
  PushSubscriptionInputSchema,
  PushSubscriptionResultSchema,
  RemovePushSubscriptionSchema,
} from '#shared/schemas/push'
import { NextMatchesSchema } from '#shared/schemas/schedule'
import { MyBracketsSchema } from '#shared/schemas/standings'
import { TransactionPageSchema, TransactionsQuerySchema } from '#shared/schemas/transaction'
import type { RouteGroup } from './documented-route'

export const FAN_ROUTE_GROUPS: RouteGroup[] = [
  {
    tag: 'Me',
    description: "The caller's account, money, bets, notifications and settings.",
    routes: [
      {
        method: 'get',
        path: '/api/session',
        summary: 'Who is signed in (me: null for a visitor)',
        access: 'anyone',
        response: SessionSchema,
      },
      { method: 'get', path: '/api/me', summary: 'The caller', access: 'fan', response: MeSchema },
      {
        method: 'get',
        path: '/api/me/bets',
        summary: "The caller's bets",
        access: 'fan',
        query: MyBetsQuerySchema,
        response: MyBetsSchema,
      },
      {
        method: 'get',
        path: '/api/me/stats',
        summary: "The caller's figures",
        access: 'fan',
        response: MyStatsSchema,
      },
      {
        method: 'get',
        path: '/api/me/brackets',
        summary: "The caller's brackets and their standings",
        access: 'fan',
        response: MyBracketsSchema,
      },
      {
        method: 'get',
        path: '/api/me/next-matches',
        summary: "The next scheduled match of each of the caller's alive picks",
        access: 'fan',
        response: NextMatchesSchema,
      },
      {
        method: 'get',
        path: '/api/me/transactions',
        summary: "The caller's coin movements",
        access: 'fan',
        query: TransactionsQuerySchema,
        response: TransactionPageSchema,
      },
      {
        method: 'get',
        path: '/api/me/top-up',
        summary: 'Whether the daily top-up can be claimed',
        access: 'fan',
        response: TopUpStatusSchema,
      },
      {
        method: 'post',
        path: '/api/me/top-up',
        summary: 'Claim the daily top-up',
        access: 'fan',
        response: TopUpResultSchema,
        status: 201,
        errors: ['TOP_UP_UNAVAILABLE'],
      },
      {
        method: 'get',
        path: '/api/me/preferences',
        summary: 'Mail and push switches, language and time zone',
        access: 'fan',
        response: PreferencesSchema,
      },
      {
        method: 'put',
        path: '/api/me/preferences',
        summary: 'Change the preferences',
        access: 'fan',
        body: UpdatePreferencesSchema,
        response: PreferencesSchema,
      },
      {
        method: 'post',
        path: '/api/me/push-subscriptions',
        summary: 'Register a device for Web Push',
        access: 'fan',
        body: PushSubscriptionInputSchema,
        response: PushSubscriptionResultSchema,
        status: 201,
      },
      {
        method: 'delete',
        path: '/api/me/push-subscriptions',
        summary: 'Forget a device',
        access: 'fan',
        body: RemovePushSubscriptionSchema,
        status: 204,
      },
      {
        method: 'get',
        path: '/api/me/calendar-feed',
        summary: "The caller's calendar feed URL (null before the first)",
        access: 'fan',
        response: CalendarFeedSchema,
      },
      {
        method: 'post',
        path: '/api/me/calendar-feed',
        summary: 'A new calendar feed URL (the old one stops working)',
        access: 'fan',
        response: CalendarFeedSchema,
      },
      {
        method: 'get',
        path: '/api/calendar/:token',
        summary: "A fan's calendar feed, by its secret token (`<token>.ics`)",
        access: 'anyone',
        content: 'text/calendar',
      },
      {
        method: 'get',
        path: '/api/push/public-key',
        summary: "The server's VAPID public key (null with push off)",
        access: 'anyone',
        response: PushPublicKeySchema,
      },
      {
        method: 'get',
        path: '/api/notifications',
        summary: "The caller's notifications",
        access: 'fan',
        query: NotificationsQuerySchema,
        response: NotificationPageSchema,
      },
      {
        method: 'post',
        path: '/api/notifications/read',
        summary: 'Mark notifications read',
        access: 'fan',
        body: MarkNotificationsReadSchema,
        response: MarkNotificationsReadResultSchema,
      },
      {
        method: 'get',
        path: '/api/unsubscribe',
        summary: 'What a signed unsubscribe link would switch off',
        access: 'anyone',
        query: UnsubscribeQuerySchema,
        response: UnsubscribeResultSchema,
        errors: ['INVALID_UNSUBSCRIBE_LINK'],
      },
      {
        method: 'post',
        path: '/api/unsubscribe',
        summary: 'One-click unsubscribe (RFC 8058)',
        access: 'anyone',
        query: UnsubscribeQuerySchema,
        response: UnsubscribeResultSchema,
        errors: ['INVALID_UNSUBSCRIBE_LINK'],
      },
    ],
  },
]
