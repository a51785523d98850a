import { describe, expect, it } from 'vitest'
import { isCachedApiPath } from './offline-contract'

describe('isCachedApiPath', () => {
  it('keeps the reads a page shows', () => {
    for (const path of [
      '/api/session',
      '/api/me',
      '/api/me/preferences',
      '/api/tournaments/0d6e/standings',
      '/api/leaderboard',
      '/api/notifications',
    ]) {
      expect(isCachedApiPath(path), path).toBe(true)
    }
  })

  it('never keeps sign-in, live streams, calendars, images, push keys or the mailbox', () => {
    for (const path of [
      '/api/auth/get-session',
      '/api/tournaments/0d6e/live',
      '/api/tournaments/0d6e/calendar.ics',
      '/api/calendar/abc.ics',
      '/api/share/abc/image.png',
      '/api/push/public-key',
      '/api/dev/mailbox',
      '/api/unsubscribe',
      '/index.html',
    ]) {
      expect(isCachedApiPath(path), path).toBe(false)
    }
  })
})
