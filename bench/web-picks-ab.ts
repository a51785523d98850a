// `npx tsx bench/web-picks-ab.ts <dist-a> <dist-b> [rounds]`: a wizard pick in two builds, fans
// taking turns (a, b, then b, a, …) so both see the same machine load. For each build: INP at 6×
// CPU (what a slow phone feels, moved by other load) and the main thread's CPU time per pick
// unthrottled (what the page does, hardly moved by other load). Copy a build's `dist` folder
// inside the repository (e.g. node_modules/.cache/dist-before), so its server finds the packages.
import path from 'node:path'
import { CPU_6X, launchChromium, median } from './lib/browser'
import { pickCpuMs } from './lib/browser-pick-cpu'
import { startBuiltServer } from './lib/browser-server'
import { pickThroughRoundOfSixteen } from './lib/browser-wizard'

const [a, b, roundsArg] = process.argv.slice(2)
if (!a || !b) throw new Error('usage: tsx bench/web-picks-ab.ts <dist-a> <dist-b> [rounds]')
const builds = [path.resolve(a), path.resolve(b)]
const servers = await Promise.all(builds.map((dir) => startBuiltServer(dir)))
const browser = await launchChromium()
const inp: number[][] = [[], []]
const cpu: number[][] = [[], []]
try {
  const rounds = Number(roundsArg ?? 4)
  for (let round = 0; round < rounds; round += 1) {
    for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const id = `ab${i}${round}${Date.now().toString(36)}`
      const picks = await pickThroughRoundOfSixteen(browser, servers[i]!.url, CPU_6X, id)
      inp[i]!.push(...picks.pickInpMs)
      cpu[i]!.push(...(await pickCpuMs(browser, servers[i]!.url, `${id}c`)))
    }
  }
  builds.forEach((dir, i) => {
    console.log(
      `${path.basename(dir)}: pick INP at 6× CPU median ${median(inp[i]!)} ms ` +
        `(worst ${Math.max(...inp[i]!)} of ${inp[i]!.length}); ` +
        `main-thread CPU per pick, unthrottled, median ${median(cpu[i]!).toFixed(1)} ms`,
    )
  })
} finally {
  await browser.close()
  await Promise.all(servers.map((server) => server.stop()))
}
