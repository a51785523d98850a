import { describe, expect, it } from 'vitest'
import { scrollEdges } from './scroll-edges'

describe('scrollEdges', () => {
  it('content that fits has nothing on either side', () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 300, clientWidth: 300 })).toEqual({
      hasBefore: false,
      hasAfter: false,
    })
  })

  it('at the start of wider content there is more after only', () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 800, clientWidth: 360 })).toEqual({
      hasBefore: false,
      hasAfter: true,
    })
  })

  it('in the middle there is more on both sides', () => {
    expect(scrollEdges({ scrollLeft: 200, scrollWidth: 800, clientWidth: 360 })).toEqual({
      hasBefore: true,
      hasAfter: true,
    })
  })

  it('at the end (within a pixel of rounding) there is nothing more after', () => {
    expect(scrollEdges({ scrollLeft: 440, scrollWidth: 800, clientWidth: 360 })).toEqual({
      hasBefore: true,
      hasAfter: false,
    })
    // Zoomed pages report fractional positions that stop just short of the end.
    expect(scrollEdges({ scrollLeft: 439.4, scrollWidth: 800, clientWidth: 360 }).hasAfter).toBe(
      false,
    )
  })
})
