import type { RequestIdVariables } from 'hono/request-id'

/** Hono's per-request context for this app; the auth issue adds the signed-in user here. */
export interface AppEnv {
  Variables: RequestIdVariables
}
