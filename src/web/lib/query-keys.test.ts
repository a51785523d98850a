import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { queryKeys, refreshAfterCoinsMoved } from './query-keys'

describe('refreshAfterCoinsMoved', () => {
  it('marks the balance, the fan’s own figures and the leaderboard (with my position) stale', async () => {
    const client = new QueryClient()
    const keys = [
      queryKeys.session,
      queryKeys.me.stats,
      queryKeys.me.bets,
      queryKeys.leaderboard.me,
      queryKeys.leaderboard.top(10),
    ]
    for (const key of keys) client.setQueryData(key, { cached: true })
    client.setQueryData(queryKeys.publicStats, { cached: true })

    await refreshAfterCoinsMoved(client)

    for (const key of keys) {
      expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true)
    }
    expect(client.getQueryState(queryKeys.publicStats)?.isInvalidated).toBe(false)
  })
})
