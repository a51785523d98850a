// Requests to a server process as a browser would send them, for the suites that run the built
// server (reliability/, bench/): the session cookie, the server's own Origin on state-changing
// requests, JSON bodies. `send` is stateless: errors of the connection itself (a killed server)
// come back as status 0, so a load loop can count them instead of throwing. `CookieBrowser` keeps
// its cookies (session, trusted device) as a browser does; sign-in and the local mailbox
// (GET /api/dev/mailbox answers clients on this machine) are built on it.

export interface Session {
  email: string
  /** `name=value` of the session cookie(s). */
  cookie: string
}

export interface HttpAnswer {
  /** 0 when the connection failed (refused, reset by a killed server). */
  status: number
  body: unknown
  headers: Headers
  ms: number
}

export async function send(
  origin: string,
  path: string,
  { method = 'GET', json, cookie }: { method?: string; json?: unknown; cookie?: string } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = {}
  if (method !== 'GET') headers.Origin = origin
  if (json !== undefined) headers['Content-Type'] = 'application/json'
  if (cookie) headers.Cookie = cookie
  const startedAt = performance.now()
  try {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    })
    const text = await response.text()
    return {
      status: response.status,
      body: parseJson(text),
      headers: response.headers,
      ms: performance.now() - startedAt,
    }
  } catch (error) {
    return {
      status: 0,
      body: String(error),
      headers: new Headers(),
      ms: performance.now() - startedAt,
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export interface Answer {
  status: number
  body: unknown
  ms: number
}

/** One browser: its cookies (session, trusted device) go with every request it sends. */
export class CookieBrowser {
  readonly cookies = new Map<string, string>()

  constructor(private readonly origin: string) {}

  /** The Cookie header this browser sends (empty when it holds none). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  /** GET, or POST with a JSON body from the server's own origin; redirects are not followed. */
  async request(path: string, json?: unknown): Promise<Answer> {
    const headers: Record<string, string> = {}
    if (json !== undefined) {
      headers.Origin = this.origin
      headers['Content-Type'] = 'application/json'
    }
    if (this.cookies.size > 0) headers.Cookie = this.cookieHeader()
    const startedAt = performance.now()
    const response = await fetch(`${this.origin}${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      redirect: 'manual',
    })
    const text = await response.text()
    const ms = performance.now() - startedAt
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator).trim()
      const value = pair.slice(separator + 1).trim()
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return { status: response.status, body: parseJson(text), ms }
  }
}

/** Signs in through /api/auth/sign-in/email and keeps the cookies it sets. */
export async function signIn(origin: string, email: string, password: string): Promise<Session> {
  const browser = new CookieBrowser(origin)
  const answer = await browser.request('/api/auth/sign-in/email', { email, password })
  if (answer.status !== 200) {
    throw new Error(`sign-in of ${email}: ${answer.status} ${JSON.stringify(answer.body)}`)
  }
  return { email, cookie: browser.cookieHeader() }
}

/** Signs many users in, a few at a time (each sign-in verifies an argon2 hash). */
export async function signInAll(
  origin: string,
  emails: readonly string[],
  password: string,
  concurrency = 4,
): Promise<Session[]> {
  const sessions: Session[] = new Array<Session>(emails.length)
  let next = 0
  const worker = async () => {
    while (next < emails.length) {
      const index = next++
      sessions[index] = await signIn(origin, emails[index]!, password)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return sessions
}

interface MailboxMessage {
  subject: string
  text: string
}

export async function mailboxOf(origin: string, email: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${origin}/api/dev/mailbox?${new URLSearchParams({ to: email })}`)
  if (response.status !== 200) throw new Error(`mailbox: ${response.status}`)
  return (await response.json()) as MailboxMessage[]
}

/** The token of the link in a message (`…?token=…`). */
export function tokenIn(message: { text: string }): string {
  const match = /[?&]token=([^\s&]+)/.exec(message.text)
  if (!match) throw new Error(`no token link in: ${message.text}`)
  return decodeURIComponent(match[1]!)
}

/** Signs up and opens the confirmation link in the same browser, which is then signed in. */
export async function confirmedAccount(
  origin: string,
  user: { username: string; email: string; password: string },
): Promise<CookieBrowser> {
  const browser = new CookieBrowser(origin)
  const signedUp = await browser.request('/api/auth/sign-up/email', user)
  if (signedUp.status !== 200) throw new Error(`sign-up: ${JSON.stringify(signedUp.body)}`)
  const [mail] = await mailboxOf(origin, user.email)
  const token = encodeURIComponent(tokenIn(mail!))
  const verified = await browser.request(`/api/auth/verify-email?token=${token}`)
  if (verified.status !== 200) throw new Error(`verify: ${JSON.stringify(verified.body)}`)
  return browser
}

/** POST …/settle as the admin: 200 with the result, or 202 while it runs in the background. */
export function settleOverHttp(origin: string, admin: Session, tournamentId: string) {
  return send(origin, `/api/admin/tournaments/${tournamentId}/settle`, {
    method: 'POST',
    cookie: admin.cookie,
  })
}

/** Polls until `check` resolves true; the elapsed ms, or throws after timeoutMs. */
export async function waitUntil(
  check: () => Promise<boolean>,
  { timeoutMs, intervalMs = 50, what }: { timeoutMs: number; intervalMs?: number; what: string },
): Promise<number> {
  const startedAt = performance.now()
  while (performance.now() - startedAt < timeoutMs) {
    if (await check()) return performance.now() - startedAt
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`)
}
