import { describe, expect, it } from 'vitest'
import { changedFields } from './changed-fields'

describe('changed form fields', () => {
  it('names the fields whose value changed, and none when nothing did', () => {
    const before = { tournamentId: 't1', player1Id: 'a', player2Id: 'b' }
    expect(changedFields(before, { ...before, player1Id: 'c', player2Id: '' })).toEqual([
      'player1Id',
      'player2Id',
    ])
    expect(changedFields(before, { ...before })).toEqual([])
  })
})
