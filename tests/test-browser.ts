// A tiny browser for in-process route tests: keeps cookies, sends the app's own Origin on
// state-changing requests (as a browser on our pages does) and can come from a chosen socket
// address (app.request has no socket; @hono/node-server's getConnInfo reads these bindings).
import type { Hono } from 'hono'
import type { AppEnv } from '#server/app-env'
import { TEST_PUBLIC_URL } from './test-app'

/** Bindings that make getConnInfo(c) report `address` as the client's socket address. */
export function socketFrom(address: string) {
  return {
    incoming: {
      socket: {
        remoteAddress: address,
        remotePort: 40_000,
        remoteFamily: address.includes(':') ? 'IPv6' : 'IPv4',
      },
    },
  }
}

export interface BrowserOptions {
  /**
   * Socket address of this client; default: a random 10.x.x.x, as every browser is its own
   * client (rate limits are per address). null: no socket (the app then uses 192.0.2.1).
   */
  address?: string | null
  /** Origin header for POSTs; default the app's own. null sends none. */
  origin?: string | null
  /** Accept-Language header on every request. */
  acceptLanguage?: string
}

export interface BrowserRequest {
  method?: string
  json?: unknown
  headers?: Record<string, string>
  /** A FormData body goes as multipart/form-data with its boundary (a file upload). */
  body?: string | FormData
}

export class TestBrowser {
  readonly cookies = new Map<string, string>()
  readonly address: string | null

  constructor(
    private readonly app: Hono<AppEnv>,
    private readonly options: BrowserOptions = {},
  ) {
    this.address = options.address === undefined ? randomPrivateAddress() : options.address
  }

  async request(path: string, init: BrowserRequest = {}): Promise<Response> {
    const method =
      init.method ?? (init.json === undefined && init.body === undefined ? 'GET' : 'POST')
    const headers: Record<string, string> = {}
    const origin = this.options.origin === undefined ? TEST_PUBLIC_URL : this.options.origin
    if (method !== 'GET' && origin !== null) headers.Origin = origin
    if (this.options.acceptLanguage) headers['Accept-Language'] = this.options.acceptLanguage
    if (this.cookies.size > 0) {
      headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    }
    if (init.json !== undefined) headers['Content-Type'] = 'application/json'
    Object.assign(headers, init.headers)
    const body = init.json !== undefined ? JSON.stringify(init.json) : init.body
    const bindings = this.address ? socketFrom(this.address) : undefined
    const res = await this.app.request(path, { method, headers, body }, bindings)
    this.storeCookies(res)
    return res
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request(path, { headers })
  }

  post(path: string, json: unknown = {}, headers?: Record<string, string>) {
    return this.request(path, { method: 'POST', json, headers })
  }

  /** The session cookie's attributes as last set (for httpOnly/secure checks). */
  lastSetCookies: string[] = []

  private storeCookies(res: Response): void {
    const setCookies = res.headers.getSetCookie()
    if (setCookies.length > 0) this.lastSetCookies = setCookies
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';')
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator).trim()
      const value = pair.slice(separator + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}

function randomPrivateAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254)
  return `10.${octet()}.${octet()}.${octet()}`
}
