// Throwaway (not committed): settle one prepared tournament as the job runner does, timed.
import { createPostgresPool, wrapPostgresPool } from '#server/db/client'
import { timedChunkSizing } from '#server/features/settlement/chunk-sizing'
const [url, id, dir] = process.argv.slice(2) as [string, string, string]
const { settleTournament } = (await import(`${dir}/src/server/features/settlement/settle.service.ts`)) as typeof import('#server/features/settlement/settle.service')
const { db } = wrapPostgresPool(createPostgresPool(url, 4))
const sizing = timedChunkSizing()
const request = { actorId: 'bench-admin', tournamentId: id }
const t0 = performance.now()
let r = await settleTournament(db, request, { maxChunks: 0, sizing })
const start = performance.now() - t0
const chunks: number[] = []
while (r.state !== 'completed') {
  const t = performance.now()
  r = await settleTournament(db, request, { maxChunks: 1, sizing })
  chunks.push(Math.round(performance.now() - t))
}
console.log(`total ${Math.round(performance.now() - t0)} ms, start ${Math.round(start)} ms, chunks ${chunks.length}: ${chunks.join(' ')}`, r.totalPaid, r.totalWinners)
process.exit(0)
