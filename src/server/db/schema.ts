// The tables of the app (docs/product.md §3), one file per area under tables/. The account
// tables (user, session, account, verification, rate_limit) are better-auth's, in auth-schema.ts.
// All are re-exported here so Drizzle and drizzle-kit see one schema. Money rules behind the constraints: docs/product.md §10.
export * from './auth-schema'
export * from './tables/enums'
export * from './tables/tournaments'
export * from './tables/bets'
export * from './tables/contests'
export * from './tables/money'
export * from './tables/leaderboard'
export * from './tables/app'
export * from './tables/mail'
export * from './tables/preferences'
export * from './tables/popularity'
export * from './session-revocation-schema'
export * from './tables/standings'
export * from './tables/notifications'
export * from './tables/reminders'
