import type { MiddlewareHandler } from 'hono'
import { secureHeaders, type ContentSecurityPolicyOptionHandler } from 'hono/secure-headers'
import type { Env } from '#server/env'

type Sources = (string | ContentSecurityPolicyOptionHandler)[]

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/**
 * The one inline script: index.html's landing-page shell (src/web/shell/landing-shell-script.ts),
 * which must run before first paint, so it cannot wait for a file. vite.config.ts fails the build
 * when this hash no longer matches the script it inlines.
 */
export const LANDING_SHELL_SCRIPT_HASH = "'sha256-ZL1jvTOCLtKgezejAQpMhhJbvwpuPzO/11DiLa10Rc8='"

/** The API reference page (docs/decisions/160), Swagger UI served from this server. */
export const API_DOCS_PATH = '/api/docs'

/**
 * Security headers for every response, errors included. The CSP fits the built Vite app: bundled
 * scripts and styles and self-hosted fonts, one hashed inline script, no third-party hosts.
 * React's `style` props go through the CSSOM, which style-src does not restrict, so no
 * 'unsafe-inline' is needed.
 */
export function setSecurityHeaders(env: Pick<Env, 'NODE_ENV'>): MiddlewareHandler {
  const forApp = securityHeadersWith(env, {
    scriptSrc: ["'self'", LANDING_SHELL_SCRIPT_HASH],
    styleSrc: ["'self'"],
  })
  // Swagger UI's page loads its scripts and styles from this server, like the app, but not the
  // landing page's inline script. Nothing else changes.
  const forApiDocs = securityHeadersWith(env, {
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
  })
  return (c, next) => (c.req.path === API_DOCS_PATH ? forApiDocs(c, next) : forApp(c, next))
}

function securityHeadersWith(
  env: Pick<Env, 'NODE_ENV'>,
  { scriptSrc, styleSrc }: { scriptSrc: Sources; styleSrc: Sources },
): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc,
      styleSrc,
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
    },
    // HSTS only where the app is served over HTTPS for real; on localhost it would pin http users out.
    strictTransportSecurity:
      env.NODE_ENV === 'production' ? `max-age=${ONE_YEAR_SECONDS}; includeSubDomains` : false,
    referrerPolicy: 'no-referrer',
    xFrameOptions: 'DENY',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
    removePoweredBy: true,
  })
}
