// Draws the app's home-screen icons (docs/product.md "The app on a phone: push notifications, installing, offline") from the logo of public/favicon.svg:
// `node scripts/make-app-icons.mjs` writes public/icons/*.png, which are committed. A maskable
// icon keeps the ball inside the middle 80 % that every launcher's mask leaves visible.
import { writeFileSync } from 'node:fs'
import { Resvg } from '@resvg/resvg-js'

const COURT_BLUE = '#1c4a80'
const BALL = '#d5ee3f'

/** The ball with its seams, centred, `scale` of the square's side across. */
function ball(scale) {
  const r = 9.5 * scale * (32 / 19)
  const c = 16
  const seam = (side) => {
    const dx = side * r * 0.72
    return `M${c - dx} ${c - r * 0.67}c${side * r * 0.36} ${r * 0.3} ${side * r * 0.36} ${r * 1.04} 0 ${r * 1.34}`
  }
  return `<circle cx="${c}" cy="${c}" r="${r}" fill="${BALL}"/>
    <path d="${seam(1)}M${c + r * 0.72} ${c - r * 0.67}c${-r * 0.36} ${r * 0.3} ${-r * 0.36} ${r * 1.04} 0 ${r * 1.34}"
      fill="none" stroke="#fff" stroke-width="${1.6 * scale * (32 / 19)}" stroke-linecap="round"/>`
}

const icon = ({ rounded, scale }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
    <rect width="32" height="32" rx="${rounded ? 9 : 0}" fill="${COURT_BLUE}"/>${ball(scale)}</svg>`

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 0.59 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 0.59 },
  // Full bleed; the ball fits the safe zone (a circle of 40 % radius).
  { file: 'icon-maskable-512.png', size: 512, rounded: false, scale: 0.46 },
  // iOS rounds the corners itself and shows no transparency.
  { file: 'apple-touch-icon-180.png', size: 180, rounded: false, scale: 0.55 },
]

for (const { file, size, ...look } of ICONS) {
  const png = new Resvg(icon(look), { fitTo: { mode: 'width', value: size } }).render().asPng()
  writeFileSync(`public/icons/${file}`, png)
  console.log(`public/icons/${file}: ${png.length} bytes`)
}
