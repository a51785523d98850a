import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import type { Env } from '../env'

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/**
 * Security headers for every response, errors included. The CSP fits the built Vite app: bundled
 * scripts and styles and self-hosted fonts, no inline code, no third-party hosts. React's `style`
 * props go through the CSSOM, which style-src does not restrict, so no 'unsafe-inline' is needed.
 */
export function setSecurityHeaders(env: Pick<Env, 'NODE_ENV'>): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
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
