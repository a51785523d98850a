// A browser's view of the account endpoints of a server process, for the account-abuse suite: a
// cookie jar per browser, JSON requests from the server's own origin, and the local mailbox
// (GET /api/dev/mailbox answers clients on this machine) for confirmation and reset links.

export interface Answer {
  status: number
  body: unknown
  ms: number
}

/** One browser: its cookies (session, trusted device) go with every request it sends. */
export class CookieBrowser {
  readonly cookies = new Map<string, string>()

  constructor(private readonly origin: string) {}

  async request(path: string, json?: unknown): Promise<Answer> {
    const headers: Record<string, string> = {}
    if (json !== undefined) {
      headers.Origin = this.origin
      headers['Content-Type'] = 'application/json'
    }
    if (this.cookies.size > 0) {
      headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    }
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
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body, ms }
  }
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

export function tokenIn(message: MailboxMessage): string {
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
