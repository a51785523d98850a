import { describe, expect, it } from 'vitest'
import type { LeagueMember } from '#shared/schemas/league'
import {
  inviteCodeFrom,
  inviteUrlOf,
  invitePath,
  isOwner,
  leagueFilterFromSearch,
  leaguePath,
  transferCandidates,
} from './league-view-model'

const member = (userId: string, role: 'owner' | 'member' = 'member'): LeagueMember => ({
  userId,
  username: `fan_${userId}`,
  role,
  joinedAt: '2026-11-01T10:00:00.000Z',
})

describe('league addresses', () => {
  it('escapes the id and the code', () => {
    expect(leaguePath('a/b')).toBe('/leagues/a%2Fb')
    expect(invitePath('x y')).toBe('/leagues/join/x%20y')
    expect(inviteUrlOf('Ab12', 'https://golden.example')).toBe(
      'https://golden.example/leagues/join/Ab12',
    )
  })
})

describe('who may do what', () => {
  it('only the owner has the owner tools', () => {
    expect(isOwner({ myRole: 'owner' })).toBe(true)
    expect(isOwner({ myRole: 'member' })).toBe(false)
    expect(isOwner({ myRole: null })).toBe(false)
  })

  it('ownership goes to a member, never to the owner', () => {
    const members = [member('1', 'owner'), member('2'), member('3')]
    expect(transferCandidates(members).map((m) => m.userId)).toEqual(['2', '3'])
  })
})

describe('leagueFilterFromSearch', () => {
  it('takes a UUID and ignores anything else', () => {
    const id = '0b6f3a52-5a8e-4f61-9a43-2f7f5d1c9e10'
    expect(leagueFilterFromSearch(id)).toBe(id)
    expect(leagueFilterFromSearch(id.toUpperCase())).toBe(id)
    expect(leagueFilterFromSearch(null)).toBeUndefined()
    expect(leagueFilterFromSearch('')).toBeUndefined()
    expect(leagueFilterFromSearch('nope')).toBeUndefined()
  })
})

describe('inviteCodeFrom', () => {
  it('takes a typed code, trimmed, or the code out of a pasted link', () => {
    expect(inviteCodeFrom(' AbC-_0123456789x ')).toBe('AbC-_0123456789x')
    expect(inviteCodeFrom('https://goldenpoint.example/leagues/join/AbC-_0123456789x')).toBe(
      'AbC-_0123456789x',
    )
    expect(inviteCodeFrom('/leagues/join/AbC-_0123456789x?utm=mail')).toBe('AbC-_0123456789x')
  })

  it('takes a short code in any case and spacing, as stored, also out of a link', () => {
    for (const text of ['K7QM-4XTR', ' k7qm 4xtr ', 'k7qm\u20134xtr', 'K7QM4XTR'])
      expect(inviteCodeFrom(text), text).toBe('K7QM4XTR')
    expect(inviteCodeFrom('https://goldenpoint.example/leagues/join/k7qm4xtr')).toBe('K7QM4XTR')
  })

  it('refuses what is not a code: too short, too long, foreign characters, an empty field', () => {
    for (const text of [
      '',
      'short',
      'AbC-_0123456789xy',
      'AbC-_012345678 x',
      'AbC-_01234567/9x',
      'K7QM-4XT',
      'K7QM-4XTR5',
      'K7QM-4XT0',
      'K7QM-4XTO',
      'K7QM-4XTI',
    ])
      expect(inviteCodeFrom(text), text).toBeNull()
  })
})
