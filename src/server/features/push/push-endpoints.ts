// Where a push subscription may point (docs/product.md "The app on a phone: push notifications, installing, offline", decision 130). The server posts to
// whatever endpoint a fan registers, so an endpoint is a request the server makes on a stranger's
// behalf: in production only https on the browsers' push services (PUSH_SERVICE_HOSTS); outside
// production also http or https on this machine's loopback, where tests run their own endpoint.
import { isIP } from 'node:net'
import type { Env } from '#server/env'

export type PushEndpointEnv = Pick<Env, 'NODE_ENV' | 'PUSH_SERVICE_HOSTS'>

export function isAllowedPushEndpoint(endpoint: string, env: PushEndpointEnv): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.username !== '' || url.password !== '') return false
  const host = url.hostname.toLowerCase()
  if (url.protocol === 'https:' && url.port === '' && isPushServiceHost(host, env)) return true
  if (env.NODE_ENV === 'production') return false
  return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopback(host)
}

function isPushServiceHost(host: string, env: PushEndpointEnv): boolean {
  return env.PUSH_SERVICE_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
}

function isLoopback(host: string): boolean {
  if (host === 'localhost') return true
  if (host === '[::1]') return true
  return isIP(host) === 4 && host.startsWith('127.')
}
