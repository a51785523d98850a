import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, errorKey, parseRetryAfter } from './api-client'
import { signIn, toAuthError } from './auth-client'

const headers = (init: Record<string, string> = {}) => new Headers(init)

describe('toAuthError', () => {
  it('keeps our own error shape and its code', () => {
    const error = toAuthError(
      403,
      { error: { code: 'EMAIL_NOT_VERIFIED', message: 'x' } },
      headers(),
    )
    expect(error).toMatchObject({ status: 403, code: 'EMAIL_NOT_VERIFIED' })
  })

  it('keeps the reason of a CONFLICT, so the form says why', () => {
    const body = { error: { code: 'CONFLICT', message: 'x', reason: 'SIGN_UP_RACED' } }
    const error = toAuthError(409, body, headers())
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', reason: 'SIGN_UP_RACED' })
    expect(errorKey(error)).toBe('errors.reasons.SIGN_UP_RACED')
  })

  it('makes VALIDATION_FAILED precise with better-auth’s reason', () => {
    const body = {
      error: { code: 'VALIDATION_FAILED', message: 'x', details: { reason: 'PASSWORD_TOO_SHORT' } },
    }
    expect(toAuthError(400, body, headers()).code).toBe('PASSWORD_TOO_SHORT')
    const username = { error: { ...body.error, details: { reason: 'USERNAME_TOO_SHORT' } } }
    expect(toAuthError(400, username, headers()).code).toBe('INVALID_USERNAME')
    const weak = { error: { ...body.error, details: { reason: 'PASSWORD_TOO_WEAK' } } }
    expect(toAuthError(400, weak, headers()).code).toBe('PASSWORD_TOO_WEAK')
  })

  it('reads a bare better-auth body', () => {
    expect(
      toAuthError(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'x' }, headers()).code,
    ).toBe('INVALID_CREDENTIALS')
    expect(toAuthError(400, { code: 'TOKEN_EXPIRED', message: 'x' }, headers()).code).toBe(
      'INVALID_TOKEN',
    )
  })

  it('reports a 429 as RATE_LIMITED with the wait from Retry-After or X-Retry-After', () => {
    const ours = toAuthError(
      429,
      { error: { code: 'RATE_LIMITED', message: 'x' } },
      headers({ 'Retry-After': '42' }),
    )
    expect(ours).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 42 })
    const theirs = toAuthError(429, { message: 'Too many' }, headers({ 'X-Retry-After': '7' }))
    expect(theirs).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 7 })
  })

  it('falls back to UNEXPECTED_RESPONSE (the form’s own fallback text) for anything else', () => {
    expect(toAuthError(400, { code: 'SOMETHING_NEW' }, headers()).code).toBe('UNEXPECTED_RESPONSE')
    expect(toAuthError(502, undefined, headers()).code).toBe('UNEXPECTED_RESPONSE')
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and nothing when absent', () => {
    expect(parseRetryAfter(headers({ 'Retry-After': '5' }))).toBe(5)
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter(headers({ 'Retry-After': 'Thu, 01 Jan 2026 00:00:30 GMT' }), now)).toBe(
      30,
    )
    expect(parseRetryAfter(headers())).toBeUndefined()
    expect(parseRetryAfter(headers({ 'Retry-After': 'soon' }))).toBeUndefined()
  })
})

describe('signIn', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('posts the credentials as JSON to better-auth and throws an ApiError on refusal', async () => {
    const fetch = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'INVALID_CREDENTIALS', message: 'No' } }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    )
    vi.stubGlobal('fetch', fetch)
    const error = await signIn({ email: 'a@b.c', password: 'pw' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' })
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe('/api/auth/sign-in/email')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'a@b.c', password: 'pw' })
  })

  it('reports a request that never got an answer as NETWORK_ERROR', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    await expect(signIn({ email: 'a@b.c', password: 'pw' })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    })
  })
})
