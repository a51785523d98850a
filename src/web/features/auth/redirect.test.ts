import { describe, expect, it } from 'vitest'
import { redirectTarget } from './redirect'

describe('redirectTarget', () => {
  it('returns to the page a guard sent the visitor away from', () => {
    expect(redirectTarget({ from: '/tournaments' })).toBe('/tournaments')
    expect(redirectTarget({ from: '/tournament/abc?step=2#mvp' })).toBe(
      '/tournament/abc?step=2#mvp',
    )
    expect(redirectTarget({ from: '/admin/users' })).toBe('/admin/users')
  })

  it('goes to the dashboard without a usable state', () => {
    expect(redirectTarget(null)).toBe('/dashboard')
    expect(redirectTarget(undefined)).toBe('/dashboard')
    expect(redirectTarget({})).toBe('/dashboard')
    expect(redirectTarget({ from: 42 })).toBe('/dashboard')
  })

  it('never leaves the site', () => {
    expect(redirectTarget({ from: 'https://evil.example/' })).toBe('/dashboard')
    expect(redirectTarget({ from: '//evil.example/' })).toBe('/dashboard')
    expect(redirectTarget({ from: '/\\evil.example/' })).toBe('/dashboard')
  })

  it('never returns to a guest-only page (that would bounce straight back)', () => {
    for (const from of ['/', '/login', '/register?x=1', '/forgot-password']) {
      expect(redirectTarget({ from }), from).toBe('/dashboard')
    }
  })

  it('sends an admin without a usable state to the admin area, never a fan', () => {
    expect(redirectTarget(null, { isAdmin: true })).toBe('/admin')
    expect(redirectTarget({ from: '/login' }, { isAdmin: true })).toBe('/admin')
    expect(redirectTarget({ from: '/tournaments' }, { isAdmin: true })).toBe('/tournaments')
    expect(redirectTarget(null, { isAdmin: false })).toBe('/dashboard')
  })
})
