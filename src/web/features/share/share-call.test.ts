import { describe, expect, it } from 'vitest'
import { shareCallOf, timeLeftUntil } from './share-call'

const NOW = Date.parse('2026-05-01T10:00:00Z')
const DAY = 86_400_000

function card(id: string, deadlineInMs: number, status = 'upcoming', isBettingOpen = true) {
  return {
    id,
    name: `Open ${id}`,
    status: status as 'upcoming',
    isBettingOpen,
    bettingDeadline: new Date(NOW + deadlineInMs).toISOString(),
    startDate: new Date(NOW + deadlineInMs + DAY).toISOString(),
  }
}

const shared = (phase: 'entered' | 'bracket', deadlineInMs: number) => ({
  phase,
  tournament: {
    id: 'shared',
    name: 'Madrid Open',
    status: 'upcoming' as const,
    bettingDeadline: new Date(NOW + deadlineInMs).toISOString(),
    startDate: '',
    endDate: '',
  },
})

describe('the share page’s call to a visitor', () => {
  it('says whole days, then hours, then soon', () => {
    const at = (ms: number) => new Date(NOW + ms).toISOString()
    expect(timeLeftUntil(at(4 * DAY + 5 * 3_600_000), NOW)).toEqual({ unit: 'days', count: 4 })
    expect(timeLeftUntil(at(DAY - 1), NOW)).toEqual({ unit: 'hours', count: 23 })
    expect(timeLeftUntil(at(59 * 60_000), NOW)).toEqual({ unit: 'soon' })
  })

  it('asks for the shared tournament while it takes entries', () => {
    expect(shareCallOf(shared('entered', 4 * DAY + 1), [card('b', DAY)], NOW)).toEqual({
      tournament: expect.objectContaining({ id: 'shared', name: 'Madrid Open' }),
      left: { unit: 'days', count: 4 },
    })
  })

  it('after its deadline, the open tournament closing first; none when nothing is open', () => {
    const list = [
      card('late', 9 * DAY),
      card('soon', 2 * DAY),
      card('closed', 3 * DAY, 'upcoming', false),
      card('playing', DAY, 'active'),
      card('past', -DAY),
    ]
    expect(shareCallOf(shared('bracket', -DAY), list, NOW)?.tournament.id).toBe('soon')
    expect(shareCallOf(shared('entered', -1), list, NOW)?.tournament.id).toBe('soon')
    expect(shareCallOf(shared('bracket', -DAY), [card('playing', DAY, 'active')], NOW)).toBeNull()
  })
})
