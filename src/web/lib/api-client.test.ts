import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, errorKey, unwrap } from './api-client'
import { shouldRetry } from './query-client'
import { getSession } from './session'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

// unwrap is typed for hono client responses; a plain Response behaves the same at run time.
const call = (response: Response | Promise<never>) => unwrap(Promise.resolve(response) as never)

describe('unwrap', () => {
  it('returns the body of a successful answer', async () => {
    await expect(call(json(200, { players: 1 }))).resolves.toEqual({ players: 1 })
  })

  it('throws an ApiError with the server code and status for an error body', async () => {
    const error = await call(
      json(402, { error: { code: 'INSUFFICIENT_FUNDS', message: 'No' } }),
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 402, code: 'INSUFFICIENT_FUNDS', message: 'No' })
    expect(errorKey(error)).toBe('errors.INSUFFICIENT_FUNDS')
  })

  it('keys a refusal by the reason the server gave, so a fan reads why', async () => {
    const error = await call(
      json(409, {
        error: { code: 'CONFLICT', message: 'The bracket has changed.', reason: 'BRACKET_CHANGED' },
      }),
    ).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', reason: 'BRACKET_CHANGED' })
    expect(errorKey(error)).toBe('errors.reasons.BRACKET_CHANGED')
  })

  it('reports a non-JSON failure (a proxy error page) as UNEXPECTED_RESPONSE', async () => {
    const error = await call(new Response('<h1>Bad gateway</h1>', { status: 502 })).catch(
      (e: unknown) => e,
    )
    expect(error).toMatchObject({ status: 502, code: 'UNEXPECTED_RESPONSE' })
  })

  it('reports an unknown error code as UNEXPECTED_RESPONSE', async () => {
    const error = await call(json(418, { error: { code: 'TEAPOT', message: '?' } })).catch(
      (e: unknown) => e,
    )
    expect(error).toMatchObject({ status: 418, code: 'UNEXPECTED_RESPONSE' })
  })

  it('reports a request that never got an answer as NETWORK_ERROR', async () => {
    const error = await unwrap(Promise.reject(new TypeError('Failed to fetch'))).catch(
      (e: unknown) => e,
    )
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' })
    expect(errorKey(new Error('boom'))).toBe('errors.UNEXPECTED_RESPONSE')
  })
})

describe('shouldRetry', () => {
  it('never retries client errors and retries other failures once', () => {
    expect(shouldRetry(0, new ApiError(401, 'UNAUTHENTICATED', ''))).toBe(false)
    expect(shouldRetry(0, new ApiError(503, 'SERVICE_UNAVAILABLE', ''))).toBe(true)
    expect(shouldRetry(1, new ApiError(503, 'SERVICE_UNAVAILABLE', ''))).toBe(false)
    expect(shouldRetry(0, new ApiError(0, 'NETWORK_ERROR', ''))).toBe(true)
  })
})

describe('getSession', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is null for a visitor, asked once without an error status', async () => {
    const fetch = vi.fn((_input: RequestInfo | URL) => Promise.resolve(json(200, { me: null })))
    vi.stubGlobal('fetch', fetch)
    await expect(getSession()).resolves.toBeNull()
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/api\/session$/)
  })

  it('is null for a 401 too (a proxy or an older server)', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(json(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } })),
    )
    await expect(getSession()).resolves.toBeNull()
  })

  it('returns the signed-in user', async () => {
    const me = {
      user: { id: 'u1', username: 'ana', email: 'a@b.c', role: 'user', createdAt: '2025-01-01' },
      balance: 1000,
    }
    const fetch = vi.fn((_input: RequestInfo | URL) => Promise.resolve(json(200, { me })))
    vi.stubGlobal('fetch', fetch)
    await expect(getSession()).resolves.toEqual(me)
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/api\/session$/)
  })

  it('rethrows other failures so the query can retry', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Later' } })),
    )
    await expect(getSession()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
  })
})
