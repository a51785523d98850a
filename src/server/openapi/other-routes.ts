// Accounts (better-auth's routes the web uses), operations and the reference itself, as the
// OpenAPI document describes them (docs/decisions/160).
import { z } from 'zod'
import {
  EmailRequestInputSchema,
  ResetPasswordInputSchema,
  SignInInputSchema,
  SignUpInputSchema,
} from '#shared/schemas/auth'
import { MailboxMessageSchema, MailboxQuerySchema } from '#shared/schemas/mailbox'
import type { RouteGroup } from './documented-route'

const AUTH_FAILURES = ['RATE_LIMITED'] as const

export const OTHER_ROUTE_GROUPS: RouteGroup[] = [
  {
    tag: 'Accounts',
    description:
      'Sign-up, sign-in and passwords (better-auth under /api/auth; the session is an httpOnly cookie). Only the endpoints the web app uses are listed.',
    routes: [
      {
        method: 'post',
        path: '/api/auth/sign-up/email',
        summary: 'Create an account; a confirmation mail follows',
        access: 'anyone',
        body: SignUpInputSchema,
        errors: [...AUTH_FAILURES, 'USERNAME_TAKEN'],
      },
      {
        method: 'post',
        path: '/api/auth/sign-in/email',
        summary: 'Sign in (sets the session cookie)',
        access: 'anyone',
        body: SignInInputSchema,
        errors: [...AUTH_FAILURES, 'INVALID_CREDENTIALS', 'EMAIL_NOT_VERIFIED', 'ACCOUNT_LOCKED'],
      },
      {
        method: 'post',
        path: '/api/auth/sign-out',
        summary: 'Sign out',
        access: 'fan',
      },
      {
        method: 'post',
        path: '/api/auth/request-password-reset',
        summary: 'Mail a reset link (the same answer whether the account exists or not)',
        access: 'anyone',
        body: EmailRequestInputSchema,
        errors: [...AUTH_FAILURES],
      },
      {
        method: 'post',
        path: '/api/auth/reset-password',
        summary: 'Set a new password with the mailed token',
        access: 'anyone',
        body: ResetPasswordInputSchema,
        errors: [...AUTH_FAILURES, 'INVALID_TOKEN'],
      },
      {
        method: 'post',
        path: '/api/auth/send-verification-email',
        summary: 'Mail the confirmation link again',
        access: 'anyone',
        body: EmailRequestInputSchema,
        errors: [...AUTH_FAILURES],
      },
      {
        method: 'get',
        path: '/api/auth/verify-email',
        summary: 'Confirm an address with the mailed token',
        access: 'anyone',
        query: z.object({ token: z.string() }),
        errors: ['INVALID_TOKEN'],
      },
    ],
  },
  {
    tag: 'Operations',
    description: 'For operators: metrics (docs/operations.md) and the local mailbox.',
    routes: [
      {
        method: 'get',
        path: '/metrics',
        summary: 'Prometheus figures (404 unless METRICS_TOKEN is set)',
        access: 'metrics-token',
        content: 'text/plain',
      },
      {
        method: 'get',
        path: '/api/dev/mailbox',
        summary: 'The local mailbox (local mail mode, loopback clients only)',
        access: 'anyone',
        query: MailboxQuerySchema,
        response: MailboxMessageSchema.array(),
      },
    ],
  },
  {
    tag: 'Reference',
    description: 'This document and its reference page.',
    routes: [
      {
        method: 'get',
        path: '/api/openapi.json',
        summary: 'This OpenAPI 3.1 document',
        access: 'anyone',
        content: 'application/json',
      },
      {
        method: 'get',
        path: '/api/docs',
        summary: 'The API reference page',
        access: 'anyone',
        content: 'text/html',
      },
      {
        method: 'get',
        path: '/api/docs/swagger-ui.css',
        summary: "The reference page's styles (swagger-ui-dist)",
        access: 'anyone',
        content: 'text/css',
      },
      {
        method: 'get',
        path: '/api/docs/swagger-ui-bundle.js',
        summary: "The reference page's script (swagger-ui-dist)",
        access: 'anyone',
        content: 'text/javascript',
      },
      {
        method: 'get',
        path: '/api/docs/init.js',
        summary: "The reference page's start-up script",
        access: 'anyone',
        content: 'text/javascript',
      },
    ],
  },
]
