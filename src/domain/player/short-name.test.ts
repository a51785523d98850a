import { describe, expect, it } from 'vitest'
import { defaultShortName, shortNameOf } from './short-name'

describe('defaultShortName', () => {
  it('keeps compound surnames whole', () => {
    expect(defaultShortName('Martín Di Nenno')).toBe('Di Nenno')
    expect(defaultShortName('Franco Dal Bianco')).toBe('Dal Bianco')
    expect(defaultShortName('Agustín Gómez Silingo')).toBe('Gómez Silingo')
  })

  it('gives the surname of a first name and surname', () => {
    expect(defaultShortName('Arturo Coello')).toBe('Coello')
    expect(defaultShortName('  Juan   Lebrón ')).toBe('Lebrón')
  })

  it('keeps a one-word name as it is', () => {
    expect(defaultShortName(' Bela ')).toBe('Bela')
  })
})

describe('shortNameOf', () => {
  it('prefers the stored short name and falls back to the default', () => {
    expect(shortNameOf({ name: 'Juan Martín Díaz', shortName: 'Díaz' })).toBe('Díaz')
    expect(shortNameOf({ name: 'Juan Martín Díaz', shortName: null })).toBe('Martín Díaz')
  })
})
