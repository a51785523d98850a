// The only reader of process.env. Everything else receives a parsed, typed Env.
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import proxyAddr from 'proxy-addr'
import { z } from 'zod'
import { MAX_CREDIT } from '#domain/wallet/coin-limits'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/** A guessable metrics token would show the figures to anyone: production asks for this many. */
export const MIN_METRICS_TOKEN_LENGTH = 24

const positiveInt = z.coerce.number().int().positive()

// Outside production a server may run without VAPID_SUBJECT; push services never see this one.
const DEVELOPMENT_VAPID_SUBJECT = 'mailto:push@golden-point.invalid'

/** A key as base64url text of exactly `bytes` bytes (the VAPID keys). */
const base64UrlKey = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url without padding')
    .refine((text) => Math.floor((text.length * 6) / 8) === bytes, `must be ${bytes} bytes`)

// The push services of Chrome/Edge/Opera (FCM), Firefox (Mozilla), Safari (Apple) and Windows.
const DEFAULT_PUSH_SERVICE_HOSTS =
  'fcm.googleapis.com,push.services.mozilla.com,push.apple.com,notify.windows.com'
/** One core stays with the thread that answers requests. */
function defaultCardWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1))
}

// 'true'/'false'/'1'/'0'/'yes'/'no' as a boolean; anything else is an input error.
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_POOL_MAX: positiveInt.max(200).default(10),
    DATA_DIR: z.string().min(1).default('./data'),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    BODY_LIMIT_BYTES: positiveInt.default(100 * 1024),
    REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
    // Bets that arrive together share one database call and transaction (decision 080): up to
    // this many, gathered for at most this long after the first. 1 places every bet alone.
    BET_BATCH_MAX_BETS: positiveInt.max(1000).default(64),
    BET_BATCH_WAIT_MS: z.coerce.number().int().min(0).max(50).default(2),
    // Lanes a large settlement pays side by side (decision 064): one per core PostgreSQL can give.
    SETTLEMENT_LANES: positiveInt.max(64).default(2),
    // Proxies whose X-Forwarded-For names the client (middleware/client-address.ts): addresses,
    // CIDR ranges or proxy-addr's names (loopback, linklocal, uniquelocal), comma-separated.
    TRUSTED_PROXIES: z
      .string()
      .optional()
      .transform((value, context) => {
        const entries = (value ?? '')
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
        try {
          proxyAddr.compile(entries)
        } catch (error) {
          context.addIssue({ code: 'custom', message: (error as Error).message })
          return z.NEVER
        }
        return entries
      }),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).optional(),
    // The mail outbox worker (decision 091): how often each process looks for due mail, how long
    // a claim lasts before another process may take the mail over, and tries before `failed`.
    MAIL_OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
    MAIL_OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
    // How often each process scans for due deadline reminders (decision 101).
    REMINDER_SCAN_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    // Web Push (decision 130). Off: no subscriptions taken, nothing pushed. The VAPID key pair is
    // the server's identity to the push services (`npx web-push generate-vapid-keys`); without
    // one, outside production, a pair is made once and kept in the database. Unset: on, except
    // in production without keys; on in production without keys refuses to start.
    PUSH_ENABLED: flag.optional(),
    VAPID_PUBLIC_KEY: base64UrlKey(65).optional(),
    VAPID_PRIVATE_KEY: base64UrlKey(32).optional(),
    // Who runs this server, for the push services: a mailto: address or an https: URL.
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: address or an https: URL')
      .optional(),
    // Hosts a production endpoint may name (a suffix match): the browsers' push services. An
    // endpoint anywhere else is refused, so a subscription cannot make the server post elsewhere.
    PUSH_SERVICE_HOSTS: z
      .string()
      .default(DEFAULT_PUSH_SERVICE_HOSTS)
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
    // The push outbox worker (decision 131): how often each process looks for due pushes, how many
    // requests it keeps in flight, and tries before `failed`.
    PUSH_OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1000),
    PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
    PUSH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
    // How long a claim lasts before another process may take the push over (after a crash, its
    // claims wait this long); the send timeout is the lesser of 10 s and half of it.
    PUSH_OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
    // Brackets one fan-out transaction walks (push-fanout.ts): its pushes written, its cursor moved.
    PUSH_FANOUT_BATCH: z.coerce.number().int().min(100).max(50_000).default(5_000),
    BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    WELCOME_BONUS: z.coerce.number().int().min(0).max(MAX_CREDIT).default(1000),
    // The daily top-up of a fan who cannot afford any open tournament (decision 076).
    DAILY_TOP_UP: z.coerce.number().int().min(1).max(MAX_CREDIT).default(100),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    DEMO_DATA: flag.optional(),
    // Per client address (socket), per auth path, in the database; on in every mode (decision 033).
    AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
    AUTH_RATE_LIMIT_MAX: positiveInt.default(100),
    AUTH_RATE_LIMIT_SIGN_IN_MAX: positiveInt.default(10),
    AUTH_RATE_LIMIT_MAIL_MAX: positiveInt.default(3),
    // Tries to join a league or preview an invite, per client address and window (decision 105).
    LEAGUE_JOIN_RATE_LIMIT_MAX: positiveInt.default(20),
    LEAGUE_JOIN_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
    // Cards (share images) are drawn by worker threads (decision 104): this many, at most this
    // many cards waiting for one (more: 503), and drawings started per client address (IPv6: its
    // /64) a minute (more: 429). Default workers: the cores but one, at least 1, at most 4.
    CARD_DRAW_WORKERS: positiveInt.max(16).default(defaultCardWorkers()),
    CARD_DRAW_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(32),
    CARD_DRAWS_PER_ADDRESS_PER_MINUTE: positiveInt.default(30),
    // Failed sign-ins per account: a burst gets a short cool-down, and an hourly cap.
    SIGN_IN_BURST_MAX: positiveInt.default(10),
    SIGN_IN_BURST_WINDOW_SECONDS: positiveInt.default(60),
    SIGN_IN_HOURLY_MAX: positiveInt.default(100),
    // How stale a process's list of revoked sessions may be before a cached session is checked
    // against a fresh one (decision 066): the longest a revocation made by another process
    // takes to stop bets. At most a second.
    SESSION_REVOCATION_SYNC_MS: z.coerce.number().int().min(10).max(1000).default(500),
    // GET /metrics (docs/operations.md): off (404) unless set, then only for `Authorization:
    // Bearer <token>`. Production takes a token of at least MIN_METRICS_TOKEN_LENGTH characters.
    METRICS_TOKEN: z.string().optional(),
    // Account mails (confirmation, reset) to one address per hour, whoever asks (decision 067).
    AUTH_MAIL_PER_ADDRESS_HOURLY_MAX: positiveInt.default(5),
    // Forgot-password and resend answer no sooner than this, account or not (decision 067).
    AUTH_MAIL_REQUEST_MIN_MS: z.coerce.number().int().min(0).default(400),
  })
  .superRefine((env, ctx) => {
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY come as a pair',
      })
    }
    if (env.NODE_ENV !== 'production') return
    if (env.PUSH_ENABLED === true) {
      for (const key of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const) {
        if (env[key] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when NODE_ENV=production and PUSH_ENABLED is on',
          })
        }
      }
    }
    if (env.METRICS_TOKEN !== undefined && env.METRICS_TOKEN.length < MIN_METRICS_TOKEN_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_TOKEN'],
        message: `must be at least ${MIN_METRICS_TOKEN_LENGTH} characters when NODE_ENV=production`,
      })
    }
    for (const key of ['DATABASE_URL', 'SMTP_URL', 'BETTER_AUTH_SECRET', 'PUBLIC_URL'] as const) {
      if (env[key] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'is required when NODE_ENV=production',
        })
      }
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: stripTrailingSlash(env.PUBLIC_URL ?? formatLocalUrl(env.HOST, env.PORT)),
    // Demo data is on for local runs and off in production unless asked for.
    DEMO_DATA: env.DEMO_DATA ?? env.NODE_ENV !== 'production',
    VAPID_SUBJECT: env.VAPID_SUBJECT ?? DEVELOPMENT_VAPID_SUBJECT,
    PUSH_ENABLED:
      env.PUSH_ENABLED ?? (env.NODE_ENV !== 'production' || env.VAPID_PUBLIC_KEY !== undefined),
  }))

export type Env = z.output<typeof EnvSchema>
export type EnvSource = Record<string, string | undefined>

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'EnvError'
  }
}

/**
 * Parses and validates the configuration. Tests pass their own source; the server passes
 * process.env. Empty values count as unset, as in most .env files.
 */
export function loadEnv(source: EnvSource = process.env): Env {
  const defined = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  )
  const result = EnvSchema.safeParse(defined)
  if (result.success) return result.data
  throw new EnvError(
    result.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
  )
}

/** Loads ./.env into process.env when present; variables already set win over the file. */
export function loadDotEnvFile(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path)
}

/** The URL a browser on this machine opens for HOST:PORT. */
export function formatLocalUrl(host: string, port: number): string {
  // 0.0.0.0 and :: bind every interface but are no address a browser can open.
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`
}

function stripTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url
}
