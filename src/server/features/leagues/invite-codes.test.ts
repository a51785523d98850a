// The codes' generators (docs/decisions/173): shapes, and every character of the short code's
// alphabet drawn about as often as the others.
import { describe, expect, it } from 'vitest'
import {
  INVITE_LINK_CODE_SHAPE,
  JOIN_CODE_ALPHABET,
  normalizeJoinCode,
} from '#shared/schemas/league-codes'
import { newInviteCode, newJoinCode } from './invite-codes'

describe('newJoinCode', () => {
  it('draws 8 characters of the alphabet, stored as they are looked up', () => {
    for (let i = 0; i < 200; i++) {
      const code = newJoinCode()
      expect(normalizeJoinCode(code)).toBe(code)
    }
  })

  it('draws each character about evenly', () => {
    const counts = new Map<string, number>()
    const codes = 3000
    for (let i = 0; i < codes; i++)
      for (const c of newJoinCode()) counts.set(c, (counts.get(c) ?? 0) + 1)
    expect([...counts.keys()].sort().join('')).toBe([...JOIN_CODE_ALPHABET].sort().join(''))
    // 24,000 characters: 800 of each expected, sd ≈ 28; ± 200 is seven of them.
    for (const [c, n] of counts) expect(Math.abs(n - 800), c).toBeLessThan(200)
  })
})

describe('newInviteCode', () => {
  it('is 16 URL-safe characters, never read as a short code', () => {
    for (let i = 0; i < 200; i++) {
      const code = newInviteCode()
      expect(code).toMatch(INVITE_LINK_CODE_SHAPE)
    }
  })
})
