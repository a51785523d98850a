import { describe, expect, it } from 'vitest'
import { filterByName } from './filter-by-name'

const players = [{ name: 'Arturo Coello' }, { name: 'Agustín Tapia' }, { name: 'Ale Galán' }]

describe('filterByName', () => {
  it('keeps names that contain the text, ignoring case', () => {
    expect(filterByName(players, 'TAP')).toEqual([{ name: 'Agustín Tapia' }])
    expect(filterByName(players, 'E GA')).toEqual([{ name: 'Ale Galán' }])
  })

  it('keeps everything for a blank query and nothing for an unknown name', () => {
    expect(filterByName(players, '  ')).toHaveLength(3)
    expect(filterByName(players, 'xyz')).toEqual([])
  })
})
