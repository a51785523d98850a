// CSRF and content-type guards for every JSON route under /api, better-auth's included
// (docs/decisions/033). Safe methods pass; a state-changing request must come from our own
// origin (when the browser says where it comes from) and carry JSON (when it carries anything).
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '#server/app-env'
import { AppError } from '#server/errors'

export const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * 403 CROSS_ORIGIN_REJECTED when the Origin header is present and not a trusted origin. Browsers
 * send Origin with every cross-origin request and with same-origin POSTs, so a forged form or
 * fetch from another site is refused before it does anything. Requests without Origin (curl,
 * server-to-server) are no CSRF vector and pass. No CORS headers are ever sent, so no other
 * origin can read an answer either.
 *
 * The paths in `nullOriginAllowed` also take `Origin: null`, what a sandboxed or privacy-minded
 * mail view sends with the one-click unsubscribe (RFC 8058): that route acts on the signed token
 * in its URL alone, never on a session, so a forged post can do no more than the link itself
 * (decision 100). Everywhere else `null` is refused like any other foreign origin.
 */
export function rejectCrossOrigin(
  trustedOrigins: readonly string[],
  { nullOriginAllowed = [] }: { nullOriginAllowed?: readonly string[] } = {},
): MiddlewareHandler<AppEnv> {
  const trusted = new Set(trustedOrigins)
  const nullAllowed = new Set(nullOriginAllowed)
  return async (c, next) => {
    const origin = c.req.header('Origin')
    if (
      STATE_CHANGING_METHODS.has(c.req.method) &&
      origin !== undefined &&
      !trusted.has(origin) &&
      !(origin === 'null' && nullAllowed.has(c.req.path))
    ) {
      throw new AppError('CROSS_ORIGIN_REJECTED')
    }
    await next()
  }
}

/**
 * 415 UNSUPPORTED_MEDIA_TYPE for a state-changing request whose body is not JSON. Form posts and
 * text/plain are what a cross-site form can send without a CORS preflight; JSON is not. The
 * paths in `formAllowed` take any body and never read it: the one-click unsubscribe, which mail
 * clients post as a form and which acts on a signed token alone (decision 100). The paths in
 * `uploadsAllowed` also take a multipart file upload, but only from a request that names its
 * origin (rejectCrossOrigin, which runs first, has checked it is ours): a forged form from a
 * browser that hides the origin gets 415 (decision 140).
 */
export function requireJsonBody({
  formAllowed = [],
  uploadsAllowed = [],
}: {
  formAllowed?: readonly string[]
  uploadsAllowed?: readonly RegExp[]
} = {}): MiddlewareHandler<AppEnv> {
  const exempt = new Set(formAllowed)
  const isUpload = (c: Context<AppEnv>) =>
    c.req.header('Origin') !== undefined &&
    isMultipartMediaType(c.req.header('Content-Type')) &&
    uploadsAllowed.some((path) => path.test(c.req.path))
  return async (c, next) => {
    if (
      STATE_CHANGING_METHODS.has(c.req.method) &&
      !exempt.has(c.req.path) &&
      hasBody(c.req.raw) &&
      !isJsonMediaType(c.req.header('Content-Type')) &&
      !isUpload(c)
    ) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE')
    }
    await next()
  }
}

function hasBody(request: Request): boolean {
  if (request.headers.has('Content-Type') || request.headers.has('Transfer-Encoding')) return true
  const length = Number(request.headers.get('Content-Length') ?? '0')
  return Number.isFinite(length) && length > 0
}

function isMultipartMediaType(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'multipart/form-data'
}

export function isJsonMediaType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? ''
  return mediaType === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mediaType)
}
