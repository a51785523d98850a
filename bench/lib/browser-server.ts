// The built app for the web benchmarks (tests/server-process.ts): `node <dist>/server/index.js` on
// a free port with a fresh PGlite folder (demo data loads on first start), exactly what `npm start`
// serves.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startServerProcess } from '#tests/server-process'

export interface BuiltServer {
  url: string
  distDir: string
  stop(): Promise<void>
}

const READY_TIMEOUT_MS = 120_000

export async function startBuiltServer(
  distDir: string,
  extraEnv: Record<string, string> = {},
  /** Default a free one; a shared machine may hand each engineer a range. */
  port?: number,
): Promise<BuiltServer> {
  const entry = path.join(distDir, 'server', 'index.js')
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first.`)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'golden-point-bench-web-'))
  const removeData = () => rmSync(dataDir, { recursive: true, force: true })
  try {
    const server = await startServerProcess({
      bundle: entry,
      dataDir,
      port,
      inheritEnvironment: true,
      env: { NODE_ENV: 'development', LOG_LEVEL: 'warn', ...extraEnv },
      stdout: 'ignore',
      stderr: 'inherit',
      readyTimeoutMs: READY_TIMEOUT_MS,
    })
    const stop = async () => {
      await server.stop()
      removeData()
    }
    return { url: server.origin, distDir, stop }
  } catch (error) {
    removeData()
    throw error
  }
}
