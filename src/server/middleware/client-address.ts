import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env'

/**
 * Stands in for the socket address where there is none: app.request() in tests. A documentation
 * address (TEST-NET-1): valid for rate-limit keys, never loopback.
 */
export const UNKNOWN_CLIENT_ADDRESS = '192.0.2.1'

/**
 * Puts the TCP peer's address in c.var.clientIp. Never a header: X-Forwarded-For and the like
 * are written by whoever sends the request (docs/decisions/033).
 */
export function recordClientAddress(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('clientIp', readSocketAddress(c) ?? UNKNOWN_CLIENT_ADDRESS)
    await next()
  }
}

function readSocketAddress(c: Context<AppEnv>): string | undefined {
  try {
    return getConnInfo(c).remote.address ?? undefined
  } catch {
    return undefined
  }
}

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string): boolean {
  const ipv4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4)) return true
  return address === '::1' || address === '0:0:0:0:0:0:0:1'
}
