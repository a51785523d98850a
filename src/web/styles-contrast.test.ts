import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// WCAG contrast of colour pairs the theme tokens in styles.css produce, light and dark, for
// text that sits on a translucent tint (which axe cannot always judge in a screenshot-free run).
const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8')

/** The custom properties of the first block that `selector` opens at or after `from`. */
function properties(from: string): Map<string, string> {
  const start = css.indexOf(from)
  const open = css.indexOf('{', start)
  const close = css.indexOf('}', open)
  const entries = new Map<string, string>()
  for (const match of css.slice(open + 1, close).matchAll(/(--[\w-]+):\s*([^;]+);/g)) {
    entries.set(match[1]!, match[2]!.trim())
  }
  return entries
}

const palette = properties('@theme static')
const light = properties('\n:root {')
const dark = new Map([...light, ...properties('@media (prefers-color-scheme: dark)')])

type Rgb = [number, number, number]

function hex(value: string): Rgb {
  const digits = value.replace('#', '')
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16) / 255) as Rgb
}

/** A token's colour: hex, var() of another token, or color-mix(in srgb, X N%, transparent). */
function resolve(value: string, theme: Map<string, string>, under: Rgb): Rgb {
  const reference = /^var\((--[\w-]+)\)$/.exec(value)
  if (reference) {
    const name = reference[1]!
    return resolve(theme.get(name) ?? palette.get(name) ?? '', theme, under)
  }
  const tint = /^color-mix\(in srgb, (.+) (\d+)%, transparent\)$/.exec(value)
  if (tint) {
    const colour = resolve(tint[1]!, theme, under)
    const alpha = Number(tint[2]) / 100
    return colour.map((channel, i) => channel * alpha + under[i]! * (1 - alpha)) as Rgb
  }
  if (value === '#ffffff' || /^#[0-9a-f]{6}$/i.test(value)) return hex(value)
  throw new Error(`cannot resolve ${value}`)
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

function contrast(a: Rgb, b: Rgb): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (high! + 0.05) / (low! + 0.05)
}

describe.each([
  ['light', light],
  ['dark', dark],
])('the %s theme', (_name, theme) => {
  const token = (name: string, under: Rgb = [0, 0, 0]) => resolve(`var(${name})`, theme, under)

  it('keeps a losing pair’s muted name at AA on the picked row of the bracket', () => {
    const surface = token('--gp-surface')
    const pickedRow = token('--gp-pick', surface)
    expect(contrast(token('--gp-muted'), pickedRow)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(token('--gp-fg'), pickedRow)).toBeGreaterThanOrEqual(4.5)
  })

  it('draws the "differs" ring of compare at 3:1 or more against the card and the page', () => {
    const differs = token('--gp-differs')
    for (const neighbour of ['--gp-canvas', '--gp-surface', '--gp-line']) {
      expect(contrast(differs, token(neighbour)), neighbour).toBeGreaterThanOrEqual(3)
    }
  })
})
