// Device cookies (docs/decisions/067, after OWASP's "Slow Down Online Guessing Attacks with Device
// Cookies"): a browser that signs in to an account gets a signed cookie naming a random device id
// for that account. Its later sign-ins to that account are counted against the device, not
// against the account, so an attacker who keeps the account throttled (decision 033) does not
// lock its owner out on the devices the owner has used. The cookie holds no e-mail: it is checked
// against the address typed, and an attacker cannot make one for someone else's account.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'

export const TRUSTED_DEVICE_COOKIE = 'golden-point.trusted_device'
export const TRUSTED_DEVICE_DAYS = 180
const DAY_SECONDS = 24 * 60 * 60

export interface TrustedDevices {
  /** The device id when the request carries a live device cookie for this account, else null. */
  deviceFor(cookieHeader: string | null, accountKey: string, now?: number): string | null
  /** The Set-Cookie line that (re)trusts this browser for the account: a new id each time. */
  issue(accountKey: string, now?: number): string
}

export function createTrustedDevices({
  secret,
  secure,
}: {
  secret: string
  secure: boolean
}): TrustedDevices {
  const name = secure ? `__Secure-${TRUSTED_DEVICE_COOKIE}` : TRUSTED_DEVICE_COOKIE
  const sign = (accountKey: string, deviceId: string, expires: number) =>
    createHmac('sha256', secret)
      .update(`trusted-device|${accountKey}|${deviceId}|${expires}`)
      .digest('base64url')

  return {
    deviceFor(cookieHeader, accountKey, now = Date.now()) {
      const value = readCookie(cookieHeader, name)
      if (!value) return null
      const [deviceId, expiresText, signature, ...rest] = value.split('.')
      if (!deviceId || !expiresText || !signature || rest.length > 0) return null
      const expires = Number(expiresText)
      if (!Number.isSafeInteger(expires) || expires * 1000 <= now) return null
      const expected = Buffer.from(sign(accountKey, deviceId, expires))
      const given = Buffer.from(signature)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      return deviceId
    },

    issue(accountKey, now = Date.now()) {
      const deviceId = randomUUID()
      const maxAge = TRUSTED_DEVICE_DAYS * DAY_SECONDS
      const expires = Math.floor(now / 1000) + maxAge
      const value = `${deviceId}.${expires}.${sign(accountKey, deviceId, expires)}`
      // Sent only to the auth routes, never readable by scripts.
      const attributes = [`Max-Age=${maxAge}`, 'Path=/api/auth', 'HttpOnly', 'SameSite=Strict']
      if (secure) attributes.push('Secure')
      return [`${name}=${value}`, ...attributes].join('; ')
    },
  }
}

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const separator = part.indexOf('=')
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      return part.slice(separator + 1).trim()
    }
  }
  return undefined
}
