// Requests to a server process as a signed-in browser would send them: the session cookie, the
// server's own Origin on state-changing requests, JSON bodies. Errors of the connection itself
// (a killed server) come back as status 0, so a load loop can count them instead of throwing.

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

/** Signs in through /api/auth/sign-in/email and keeps the cookies it sets. */
export async function signIn(origin: string, email: string, password: string): Promise<Session> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (response.status !== 200) {
    throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`)
  }
  await response.body?.cancel()
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ')
  return { email, cookie }
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
