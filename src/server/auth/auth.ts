// better-auth on our database: e-mail + password with verification, the username and admin
// plugins, argon2id, database-backed rate limits keyed on the socket address, and e-mails that
// link to our own pages. Decisions: docs/decisions/030–034.
import { queueAfterTransactionHook } from '@better-auth/core/context'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { createEmailVerificationToken } from 'better-auth/api'
import {
  DEFAULT_LANGUAGE,
  displayNameOf,
  LanguageSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type Language,
} from '#shared/schemas/auth'
import * as authTables from '#server/db/auth-schema'
import type { Database, Transaction } from '#server/db/client'
import type { Env } from '#server/env'
import type { Logger } from '#server/logger'
import { renderPasswordResetMail, renderVerificationMail } from '#server/mail/mail-templates'
import type { Mailer, OutgoingMail } from '#server/mail/mailer'
import { recordSignUpPreferences } from './sign-up-preferences'
import { accountInputRules } from './account-input-rules'
import { trackTransactions } from './auth-transactions'
import { authSchemaOptions, createAuthPlugins } from './auth-schema-options'
import { createMailCap } from './mail-cap'
import { hashPassword, verifyPassword } from './password-hashing'

export const AUTH_BASE_PATH = '/api/auth'

/**
 * Private request headers our middleware writes (overwriting anything the client sent) before a
 * request reaches better-auth: the socket's address, and the language for e-mails.
 */
export const CLIENT_IP_HEADER = 'x-golden-point-client-ip'
export const MAIL_LANGUAGE_HEADER = 'x-golden-point-lang'
/** The sign-up's browser time zone, when it is one the server knows (set by auth.routes.ts). */
export const SIGN_UP_TIME_ZONE_HEADER = 'x-golden-point-time-zone'

export const RESET_PASSWORD_TOKEN_SECONDS = 15 * 60
/**
 * Lifetime of the signed session cache cookie, which placing a bet and the leaderboard trust
 * unless its session has been revoked since (docs/decisions/060, 066).
 */
export const SESSION_CACHE_SECONDS = 5 * 60
export const EMAIL_VERIFICATION_TOKEN_SECONDS = 60 * 60

// Endpoints we do not offer. Sign-in by username would bypass the per-account throttle, which
// keys on the e-mail; the admin endpoints below could take over or delete accounts (an account
// with a ledger is never deleted: it is banned) and are not part of the product.
const DISABLED_PATHS = [
  '/sign-in/username',
  '/admin/create-user',
  '/admin/update-user',
  '/admin/remove-user',
  '/admin/set-user-password',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
]

export type AuthEnv = Pick<
  Env,
  | 'NODE_ENV'
  | 'PUBLIC_URL'
  | 'BETTER_AUTH_SECRET'
  | 'AUTH_RATE_LIMIT_WINDOW_SECONDS'
  | 'AUTH_RATE_LIMIT_MAX'
  | 'AUTH_RATE_LIMIT_SIGN_IN_MAX'
  | 'AUTH_RATE_LIMIT_MAIL_MAX'
  | 'AUTH_MAIL_PER_ADDRESS_HOURLY_MAX'
>

export interface AuthDeps {
  env: AuthEnv
  db: Database
  mailer: Mailer
  logger: Logger
}

export type Auth = ReturnType<typeof createAuth>

export function createAuth({ env, db, mailer, logger }: AuthDeps) {
  if (!env.BETTER_AUTH_SECRET) {
    throw new Error(
      'createAuth needs BETTER_AUTH_SECRET (start-server resolves one in development)',
    )
  }
  const window = env.AUTH_RATE_LIMIT_WINDOW_SECONDS
  const signInRule = { window, max: env.AUTH_RATE_LIMIT_SIGN_IN_MAX }
  const mailRule = { window, max: env.AUTH_RATE_LIMIT_MAIL_MAX }

  // Into the outbox in the transaction of the cause (decision 091): sign-up writes its mail with
  // the new user, so a rolled-back sign-up sends nothing and a committed one always does. Resend
  // and forgot-password have no transaction of their own in better-auth: theirs is one write.
  // At most AUTH_MAIL_PER_ADDRESS_HOURLY_MAX to one address an hour (decision 067): over the cap
  // nothing is written and the request answers as usual. After the commit the worker is woken.
  const transactions = trackTransactions(db)
  const mailCap = createMailCap(env.AUTH_MAIL_PER_ADDRESS_HOURLY_MAX)
  const writeMail = async (tx: Transaction, mail: OutgoingMail) => {
    // Account mail: claimed before any bulk mail waiting in the outbox (decision 152).
    if (await mailCap.tryRecord(tx, mail.to)) {
      await mailer.enqueue(tx, { ...mail, isAccountMail: true })
    } else logger.warn({ to: mail.to, subject: mail.subject }, 'account mail over the hourly cap')
  }
  const sendThroughOutbox = async (
    mail: OutgoingMail,
    alsoInTransaction?: (tx: Transaction) => Promise<void>,
  ) => {
    const write = async (tx: Transaction) => {
      await alsoInTransaction?.(tx)
      await writeMail(tx, mail)
    }
    const open = transactions.current()
    if (open) await write(open)
    else await db.transaction(write)
    await queueAfterTransactionHook(async () => {
      mailer.wake()
      // Housekeeping only: a failure must not turn a committed request into an error.
      await mailCap.pruneOld(db).catch((error: unknown) => {
        logger.warn({ err: error }, 'pruning old account mail records failed')
      })
    })
  }
  const secret = env.BETTER_AUTH_SECRET

  const sendVerificationMail = async (
    user: { id: string; email: string; username?: string | null; displayUsername?: string | null },
    token: string,
    request: Request | undefined,
  ) => {
    const lang = mailLanguageOf(request)
    const link = pageLink(env, '/email-confirmation', token)
    const content = renderVerificationMail({ lang, name: displayNameOf(user), link })
    // The language and the browser's time zone of the sign-up become the account's (its later
    // mails are written in them), unless the fan already has preferences (decision 100).
    const timeZone = request?.headers.get(SIGN_UP_TIME_ZONE_HEADER) ?? null
    await sendThroughOutbox({ to: user.email, link, ...content }, (tx) =>
      recordSignUpPreferences(tx, user.id, { locale: lang, timeZone }),
    )
  }

  return betterAuth({
    appName: 'Golden Point',
    baseURL: env.PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: trustedOriginsFor(env),
    database: drizzleAdapter(transactions.db, {
      provider: 'pg',
      schema: authTables,
      transaction: true,
    }),
    // Our input rules first, so they see the body as sent (docs/decisions/067).
    plugins: [accountInputRules(), ...createAuthPlugins()],
    ...authSchemaOptions,
    // Every session read from the database also sends a signed copy of session and user in a
    // cookie; only routes that opt in (a bet, the leaderboard) trust it instead of the row.
    session: { cookieCache: { enabled: true, maxAge: SESSION_CACHE_SECONDS } },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Signing up again with a taken address answers exactly like a new sign-up (no account
      // enumeration). An owner who never confirmed gets a fresh confirmation link; a confirmed
      // account gets nothing.
      onExistingUserSignUp: async ({ user }, request) => {
        if (user.emailVerified) return
        const token = await createEmailVerificationToken(
          secret,
          user.email,
          undefined,
          EMAIL_VERIFICATION_TOKEN_SECONDS,
        )
        await sendVerificationMail(user, token, request)
      },
      sendResetPassword: async ({ user, token }, request) => {
        const lang = mailLanguageOf(request)
        const link = pageLink(env, '/reset-password', token)
        const content = renderPasswordResetMail({ lang, name: displayNameOf(user), link })
        await sendThroughOutbox({ to: user.email, link, ...content })
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_VERIFICATION_TOKEN_SECONDS,
      sendVerificationEmail: ({ user, token }, request) =>
        sendVerificationMail(user, token, request),
    },
    rateLimit: {
      ...authSchemaOptions.rateLimit,
      window,
      max: env.AUTH_RATE_LIMIT_MAX,
      customRules: {
        '/sign-in/*': signInRule,
        '/sign-up/*': signInRule,
        '/change-password': signInRule,
        '/reset-password': signInRule,
        '/request-password-reset': mailRule,
        '/send-verification-email': mailRule,
      },
    },
    // Reset tokens are stored hashed: a copy of the database does not hand out password resets.
    verification: { storeIdentifier: 'hashed' },
    disabledPaths: DISABLED_PATHS,
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.NODE_ENV === 'production' || env.PUBLIC_URL.startsWith('https://'),
      cookiePrefix: 'golden-point',
      // better-auth skips its origin check when NODE_ENV=test; tests must see production rules.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    telemetry: { enabled: false },
    logger: {
      // 'info' sends everything through `log` below; at 'warn' better-auth would also print
      // every refused request to the console itself.
      level: 'info',
      log: (level, message, ...args) => {
        const entry = { component: 'better-auth', args: args.length > 0 ? args : undefined }
        if (level === 'error') logger.error(entry, message)
        else if (level === 'warn') logger.warn(entry, message)
        else logger.debug(entry, message)
      },
    },
  })
}

/**
 * The origins allowed to send state-changing requests: the public URL's, plus Vite's dev server
 * outside production (`npm run dev` serves the app on :5173 and proxies /api here).
 */
export function trustedOriginsFor(env: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL'>): string[] {
  const origins = [new URL(env.PUBLIC_URL).origin]
  if (env.NODE_ENV !== 'production') {
    origins.push('http://localhost:5173', 'http://127.0.0.1:5173')
  }
  return origins
}

function pageLink(env: Pick<Env, 'PUBLIC_URL'>, page: string, token: string): string {
  return `${env.PUBLIC_URL}${page}?token=${encodeURIComponent(token)}`
}

function mailLanguageOf(request: Request | undefined): Language {
  const parsed = LanguageSchema.safeParse(request?.headers.get(MAIL_LANGUAGE_HEADER))
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE
}
