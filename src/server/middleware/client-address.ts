import type { IncomingMessage } from 'node:http'
import { isIPv6 } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import proxyAddr from 'proxy-addr'
import type { AppEnv } from '#server/app-env'

/**
 * Stands in for the socket address where there is none: app.request() in tests. A documentation
 * address (TEST-NET-1): valid for rate-limit keys, never loopback.
 */
export const UNKNOWN_CLIENT_ADDRESS = '192.0.2.1'

/**
 * Puts the client's address in c.var.clientIp: the TCP peer's, or, when that peer is one of
 * `trustedProxies` (TRUSTED_PROXIES), the address it forwarded in X-Forwarded-For — read from the
 * right, through trusted proxies only, as proxy-addr does (decision 033, addendum). Without
 * trusted proxies no header counts: anyone can write X-Forwarded-For.
 */
export function recordClientAddress(trustedProxies: string[] = []): MiddlewareHandler<AppEnv> {
  const trust = trustedProxies.length > 0 ? proxyAddr.compile(trustedProxies) : null
  return async (c, next) => {
    const peer = readSocketAddress(c)
    c.set(
      'clientIp',
      peer === undefined
        ? UNKNOWN_CLIENT_ADDRESS
        : clientAddressOf(peer, c.req.header('x-forwarded-for'), trust),
    )
    await next()
  }
}

/** The client's address given the TCP peer, its X-Forwarded-For and which proxies to trust. */
export function clientAddressOf(
  peer: string,
  forwardedFor: string | undefined,
  trust: ReturnType<typeof proxyAddr.compile> | null,
): string {
  if (!trust || forwardedFor === undefined) return peer
  // proxy-addr reads a Node request; these two fields are all it looks at.
  const request = { socket: { remoteAddress: peer }, headers: { 'x-forwarded-for': forwardedFor } }
  return proxyAddr(request as unknown as IncomingMessage, trust)
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

/**
 * The key a client is counted under by per-address limits (live streams, drawings): an IPv4
 * address as it is (an IPv4-mapped IPv6 one too), an IPv6 address by its /64, the block one
 * subscriber gets, since a host rotates through the addresses of its /64 at will.
 */
export function addressKeyOf(address: string): string {
  const lower = address.toLowerCase().replace(/%.*$/, '')
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower)
  if (mapped) return mapped[1]!
  if (!isIPv6(lower)) return address
  return `${ipv6Groups(lower).slice(0, 4).join(':')}::/64`
}

/** The eight groups of a valid IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address
  // A trailing dotted quad (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is the last two groups.
  const quad = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text)
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  const zeros = Array<string>(8 - left.length - right.length).fill('0')
  return [...left, ...(tail === undefined ? [] : zeros), ...right].map((group) =>
    parseInt(group, 16).toString(16),
  )
}
