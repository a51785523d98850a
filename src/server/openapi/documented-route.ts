import type { z } from 'zod'
import type { ErrorCode } from '#shared/errors'

/** Who may call a route: its security in the document and the errors that follow from it. */
export type RouteAccess = 'anyone' | 'fan' | 'admin' | 'metrics-token'

/**
 * One route as the OpenAPI document describes it (docs/decisions/160). The schemas are the ones
 * the route validates with and the service answers with (src/shared/schemas); the document is
 * generated from them, never written by hand.
 */
export interface DocumentedRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  /** As mounted in Hono: /api/tournaments/:id */
  path: string
  summary: string
  access: RouteAccess
  query?: z.ZodObject
  body?: z.ZodType
  /** The success answer's JSON; absent with `content` (another media type) or status 204. */
  response?: z.ZodType
  /** The success status; default 200. */
  status?: 200 | 201 | 202 | 204
  /** A success answer that is not JSON: its media type (text/calendar, image/png…). */
  content?: string
  /** Another success answer: settling answers 202 with the progress while it still runs. */
  alsoAnswers?: { status: 200 | 201 | 202; response: z.ZodType; description: string }
  /** Takes a file as multipart/form-data, field `file`. */
  isUpload?: true
  /** The codes this route answers besides those of its access, input and path. */
  errors?: ErrorCode[]
}

export interface RouteGroup {
  tag: string
  description: string
  routes: DocumentedRoute[]
}
