import { describe, expect, it } from 'vitest'
import { formatShort, lineChartSvg, niceStep } from './svg-chart'

/** The centres of the drawn points, in drawing order. */
function circles(svg: string): { x: number; y: number }[] {
  return [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"/g)].map((match) => ({
    x: Number(match[1]),
    y: Number(match[2]),
  }))
}

const chart = {
  title: 'settlement <1M> & more',
  xLabel: 'bets',
  yLabel: 'seconds',
  points: [
    { x: 100_000, y: 1 },
    { x: 250_000, y: 2.5 },
    { x: 500_000, y: 6 },
    { x: 1_000_000, y: 14 },
  ],
}

describe('lineChartSvg', () => {
  it('draws one labelled point per measurement, higher values higher up', () => {
    const svg = lineChartSvg(chart)
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    const drawn = circles(svg)
    expect(drawn).toHaveLength(4)
    for (let i = 1; i < drawn.length; i++) {
      expect(drawn[i]!.x).toBeGreaterThan(drawn[i - 1]!.x)
      expect(drawn[i]!.y).toBeLessThan(drawn[i - 1]!.y)
    }
    expect(svg).toContain('>14</text>')
    expect(svg).toContain('>1M</text>')
    expect(svg).toContain('>bets</text>')
  })

  it('keeps proportions on a linear axis and spaces powers evenly on a log2 axis', () => {
    const linear = circles(lineChartSvg(chart)).map((point) => point.x)
    // 100k → 250k is a sixth of 100k → 1M.
    expect((linear[1]! - linear[0]!) / (linear[3]! - linear[0]!)).toBeCloseTo(1 / 6, 2)
    const log = circles(
      lineChartSvg({
        ...chart,
        xScale: 'log2',
        points: [1, 8, 64, 256].map((x) => ({ x, y: x })),
      }),
    ).map((point) => point.x)
    expect(log[1]! - log[0]!).toBeCloseTo(log[2]! - log[1]!, 0)
  })

  it('escapes the title and draws the proportional guide only when asked', () => {
    const svg = lineChartSvg({ ...chart, proportionalGuide: true })
    expect(svg).toContain('<title>settlement &#60;1M&#62; &#38; more</title>')
    expect(svg).toContain('class="guide"')
    expect(lineChartSvg(chart)).not.toContain('class="guide"')
  })

  it('refuses what it cannot draw', () => {
    expect(() => lineChartSvg({ ...chart, points: [] })).toThrow(/no points/)
    expect(() => lineChartSvg({ ...chart, xScale: 'log2', points: [{ x: 0, y: 1 }] })).toThrow(
      /x > 0/,
    )
  })
})

describe('niceStep and formatShort', () => {
  it('rounds a step up to 1, 2 or 5 × 10^k', () => {
    expect(niceStep(0.3)).toBe(0.5)
    expect(niceStep(2.8)).toBe(5)
    expect(niceStep(1_000)).toBe(1_000)
    expect(niceStep(1_200)).toBe(2_000)
  })

  it('writes large numbers short', () => {
    expect(formatShort(1_000_000)).toBe('1M')
    expect(formatShort(250_000)).toBe('250k')
    expect(formatShort(2_566)).toBe('2566')
    expect(formatShort(0.25)).toBe('0.25')
  })
})
