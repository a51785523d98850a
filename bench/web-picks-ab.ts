// `npx tsx bench/web-picks-ab.ts <dist-a> <dist-b> [rounds]`: a wizard pick in two builds, fans
// taking turns (a, b, then b, a, …) so both see the same machine load. For each build: INP at 6×
// CPU (what a slow phone feels, moved by other load) and the main thread's CPU time per pick
// unthrottled (what the page does, hardly moved by other load). Copy a build's `dist` folder
// inside the repository (e.g. node_modules/.cache/dist-before), so its server finds the packages.
// BENCH_WEB_PORT=3970 serves the two builds on 3970 and 3971 (default: free ports).
import path from 'node:path'
import { CPU_6X, launchChromium, median } from './lib/browser'
import { pickCpuMs, type PickCpu } from './lib/browser-pick-cpu'
import { startBuiltServer, type BuiltServer } from './lib/browser-server'
import { pickThroughRoundOfSixteen } from './lib/browser-wizard'

const [a, b, roundsArg] = process.argv.slice(2)
if (!a || !b) throw new Error('usage: tsx bench/web-picks-ab.ts <dist-a> <dist-b> [rounds]')
const builds = [path.resolve(a), path.resolve(b)]
const basePort = process.env.BENCH_WEB_PORT ? Number(process.env.BENCH_WEB_PORT) : undefined
// One after the other: two PGlite servers seeding their demo data at once on a busy machine can
// miss the ready timeout.
const servers: BuiltServer[] = []
try {
  for (const [i, dir] of builds.entries()) {
    servers.push(await startBuiltServer(dir, {}, basePort === undefined ? undefined : basePort + i))
  }
} catch (error) {
  await Promise.all(servers.map((server) => server.stop()))
  throw error
}
const browser = await launchChromium()
const inp: number[][] = [[], []]
// Each fan's first pick: it runs code the page has not run yet (decision 084).
const firstInp: number[][] = [[], []]
const cpu: PickCpu[][] = [[], []]
try {
  const rounds = Number(roundsArg ?? 4)
  for (let round = 0; round < rounds; round += 1) {
    for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const id = `ab${i}${round}${Date.now().toString(36)}`
      const picks = await pickThroughRoundOfSixteen(browser, servers[i]!.url, CPU_6X, id)
      inp[i]!.push(...picks.pickInpMs)
      firstInp[i]!.push(picks.pickInpMs[0] ?? 0)
      cpu[i]!.push(...(await pickCpuMs(browser, servers[i]!.url, `${id}c`)))
    }
  }
  builds.forEach((dir, i) => {
    console.log(
      `${path.basename(dir)}: pick INP at 6× CPU median ${median(inp[i]!)} ms ` +
        `(worst ${Math.max(...inp[i]!)} of ${inp[i]!.length}, first picks ${firstInp[i]!.join('/')}); ` +
        `main-thread CPU per pick, unthrottled, median ${cpuMedian(cpu[i]!, 'totalMs')} ms ` +
        `(${cpuMedian(cpu[i]!, 'toPaintMs')} ms before its frame)`,
    )
  })
} finally {
  await browser.close()
  await Promise.all(servers.map((server) => server.stop()))
}

function cpuMedian(picks: PickCpu[], figure: keyof PickCpu): string {
  return median(picks.map((pick) => pick[figure])).toFixed(1)
}
