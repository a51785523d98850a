import { describe, expect, it } from 'vitest'
import { auditDiff, compactJson } from './audit-diff'

describe('auditDiff', () => {
  it('lists only the changed keys of two objects', () => {
    expect(auditDiff({ a: 1, b: 'x', c: [1] }, { a: 1, b: 'y', c: [1, 2], d: null })).toEqual([
      { key: 'b', before: '"x"', after: '"y"' },
      { key: 'c', before: '[1]', after: '[1,2]' },
      { key: 'd', before: '—', after: 'null' },
    ])
  })

  it('shows a creation or a deletion whole', () => {
    expect(auditDiff(null, { name: 'A' })).toEqual([
      { key: '', before: 'null', after: '{"name":"A"}' },
    ])
    expect(auditDiff({ name: 'A' }, null)).toEqual([
      { key: '', before: '{"name":"A"}', after: 'null' },
    ])
  })

  it('finds no change between equal values', () => {
    expect(auditDiff({ a: 1 }, { a: 1 })).toEqual([])
    expect(auditDiff(null, undefined)).toEqual([])
  })

  it('writes compact JSON', () => {
    expect(compactJson(undefined)).toBe('null')
    expect(compactJson({ a: [1, { b: 2 }] })).toBe('{"a":[1,{"b":2}]}')
  })
})
