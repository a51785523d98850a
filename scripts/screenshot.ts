// Takes the README screenshots from a running server: `tsx scripts/screenshot.ts <baseURL>`.
import { chromium } from 'playwright-core'
import { chromiumLaunchOptions } from '#tests/chromium'

const baseURL = process.argv[2] ?? 'http://127.0.0.1:3000'
const shots: { path: string; file: string; width: number; height: number }[] = [
  { path: '/', file: 'docs/screenshots/landing.png', width: 1280, height: 900 },
  { path: '/', file: 'docs/screenshots/landing-mobile.png', width: 360, height: 780 },
]

const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true })
for (const shot of shots) {
  const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height } })
  await page.goto(baseURL + shot.path, { waitUntil: 'networkidle' })
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.screenshot({ path: shot.file })
  await page.close()
}
await browser.close()
