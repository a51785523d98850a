// Whether a sideways scroller has content hidden before or after what it shows: the cue that
// tells a phone user more rounds wait to the right, and hides once they are all in view.

export interface ScrollMetrics {
  readonly scrollLeft: number
  readonly scrollWidth: number
  readonly clientWidth: number
}

export interface ScrollEdges {
  readonly hasBefore: boolean
  readonly hasAfter: boolean
}

/** Zoomed pages report fractional positions that stop short of the true end by under a pixel. */
const TOLERANCE_PX = 1

export function scrollEdges({ scrollLeft, scrollWidth, clientWidth }: ScrollMetrics): ScrollEdges {
  return {
    hasBefore: scrollLeft > TOLERANCE_PX,
    hasAfter: scrollWidth - clientWidth - scrollLeft > TOLERANCE_PX,
  }
}
