// HTTP load from this process against one or more running servers: a keep-alive connection per
// worker (undici), every answer read to the end, latency from send to the last byte.
import { Pool } from 'undici'
import { runClosedLoop, type LoadStats } from './closed-loop'

export interface HttpRequestSpec {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}

export interface HttpLoadOptions {
  /** Server origins; connections are split evenly over them (worker i → origin i mod n). */
  origins: string[]
  connections: number
  durationMs: number
  /** Request number `index` to the server at `origin`; null when there is nothing left to send. */
  buildRequest: (index: number, origin: string) => HttpRequestSpec | null
}

/** Runs the load; outcomes are keyed by HTTP status ('201', '409', …). */
export async function runHttpLoad({
  origins,
  connections,
  durationMs,
  buildRequest,
}: HttpLoadOptions): Promise<LoadStats> {
  const pools = origins.map(
    (origin) =>
      new Pool(origin, {
        connections: Math.ceil(connections / origins.length),
        pipelining: 1,
      }),
  )
  try {
    return await runClosedLoop({
      workers: connections,
      durationMs,
      operate: async (worker, index) => {
        const target = worker % origins.length
        const spec = buildRequest(index, origins[target]!)
        if (!spec) return null
        const response = await pools[target]!.request(spec)
        await response.body.dump()
        return String(response.statusCode)
      },
    })
  } finally {
    await Promise.all(pools.map((pool) => pool.close()))
  }
}
