// A line chart as SVG text, for the curves the bench draws (`npm run bench -- curves`): one line
// of measured points, axes with rounded ticks, each point labelled with its value. Pure, so a
// test can check the picture's geometry without a browser.

export interface ChartPoint {
  x: number
  y: number
}

export interface LineChart {
  /** The picture's title: what was measured, at which sizes, when, on which commit, under what load. */
  title: string
  xLabel: string
  yLabel: string
  points: ChartPoint[]
  /** 'log2' spaces 1, 8, 64, 256 evenly (connections); 'linear' keeps proportions (work sizes). */
  xScale?: 'linear' | 'log2'
  /**
   * A dashed line from the origin through the first point: where the measured line leaves it, the
   * cost grows faster (above) or slower (below) than the work.
   */
  proportionalGuide?: boolean
}

const WIDTH = 720
const HEIGHT = 420
const MARGIN = { left: 80, right: 30, top: 56, bottom: 64 }
const Y_TICKS = 5

/** The smallest 1, 2 or 5 × 10^k at or above `rough`. */
export function niceStep(rough: number): number {
  if (!(rough > 0)) return 1
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = [1, 2, 5, 10].find((factor) => factor * power >= rough * (1 - 1e-9))!
  return step * power
}

/** 1,000,000 → "1M", 250,000 → "250k", 0.25 → "0.25": short labels for ticks and points. */
export function formatShort(value: number): string {
  const abs = Math.abs(value)
  if (abs >= 1_000_000) return `${trim(value / 1_000_000)}M`
  if (abs >= 10_000) return `${trim(value / 1_000)}k`
  if (abs >= 100) return String(Math.round(value))
  return trim(value)
}

function trim(value: number): string {
  return String(Number(value.toFixed(2)))
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

export function lineChartSvg(chart: LineChart): string {
  const { points, xScale = 'linear' } = chart
  if (points.length === 0) throw new Error(`no points to draw for "${chart.title}"`)
  if (xScale === 'log2' && points.some((point) => point.x <= 0)) {
    throw new Error('a log2 axis needs x > 0')
  }
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom
  const xs = points.map((point) => point.x)
  const xTransform = xScale === 'log2' ? Math.log2 : (x: number) => x
  const xMin = xScale === 'log2' ? Math.log2(Math.min(...xs)) : 0
  const xMax = xTransform(Math.max(...xs))
  const xSpan = xMax - xMin || 1
  const yStep = niceStep(Math.max(...points.map((point) => point.y), 0) / Y_TICKS)
  const yMax = yStep * Math.max(1, Math.ceil(Math.max(...points.map((p) => p.y)) / yStep))
  const px = (x: number) => MARGIN.left + ((xTransform(x) - xMin) / xSpan) * plotWidth
  const py = (y: number) => MARGIN.top + plotHeight - (y / yMax) * plotHeight
  const at = (x: number, y: number) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`
  const bottom = MARGIN.top + plotHeight

  const yTicks = Array.from({ length: Math.round(yMax / yStep) + 1 }, (_, i) => i * yStep)
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<title>${escapeXml(chart.title)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`,
    `<text x="${WIDTH / 2}" y="24" text-anchor="middle" font-size="14" font-weight="bold">${escapeXml(chart.title)}</text>`,
    ...yTicks.map(
      (tick) =>
        `<line x1="${MARGIN.left}" y1="${py(tick).toFixed(1)}" x2="${WIDTH - MARGIN.right}" y2="${py(tick).toFixed(1)}" stroke="#ddd"/>` +
        `<text x="${MARGIN.left - 8}" y="${(py(tick) + 4).toFixed(1)}" text-anchor="end">${formatShort(tick)}</text>`,
    ),
    ...xs.map(
      (x) =>
        `<line x1="${px(x).toFixed(1)}" y1="${bottom}" x2="${px(x).toFixed(1)}" y2="${bottom + 5}" stroke="#333"/>` +
        `<text x="${px(x).toFixed(1)}" y="${bottom + 20}" text-anchor="middle">${formatShort(x)}</text>`,
    ),
    `<line x1="${MARGIN.left}" y1="${bottom}" x2="${WIDTH - MARGIN.right}" y2="${bottom}" stroke="#333"/>`,
    `<line x1="${MARGIN.left}" y1="${MARGIN.top}" x2="${MARGIN.left}" y2="${bottom}" stroke="#333"/>`,
    `<text x="${MARGIN.left + plotWidth / 2}" y="${HEIGHT - 16}" text-anchor="middle">${escapeXml(chart.xLabel)}</text>`,
    `<text transform="translate(20 ${MARGIN.top + plotHeight / 2}) rotate(-90)" text-anchor="middle">${escapeXml(chart.yLabel)}</text>`,
  ]
  const first = points[0]!
  if (chart.proportionalGuide && xScale === 'linear' && first.x > 0) {
    // Clipped at the top of the plot: beyond it the guide says nothing more.
    const lastX = Math.min(Math.max(...xs), (yMax * first.x) / first.y)
    parts.push(
      `<line class="guide" x1="${px(0)}" y1="${py(0)}" x2="${px(lastX).toFixed(1)}" y2="${py((first.y * lastX) / first.x).toFixed(1)}" stroke="#999" stroke-dasharray="6 4"/>`,
    )
  }
  parts.push(
    `<polyline fill="none" stroke="#1565c0" stroke-width="2" points="${points.map((p) => at(p.x, p.y)).join(' ')}"/>`,
    ...points.map(
      (point) =>
        `<circle cx="${px(point.x).toFixed(1)}" cy="${py(point.y).toFixed(1)}" r="4" fill="#1565c0"/>` +
        `<text x="${px(point.x).toFixed(1)}" y="${(py(point.y) - 10).toFixed(1)}" text-anchor="middle">${formatShort(point.y)}</text>`,
    ),
    '</svg>',
  )
  return `${parts.join('\n')}\n`
}
