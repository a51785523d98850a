// The built app for the web benchmarks: `node <dist>/server/index.js` on a free port with a fresh
// PGlite folder (demo data loads on first start), exactly what `npm start` serves.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { findFreePort } from '../../e2e/support/free-port'

export interface BuiltServer {
  url: string
  distDir: string
  stop(): Promise<void>
}

const READY_TIMEOUT_MS = 120_000

export async function startBuiltServer(
  distDir: string,
  extraEnv: Record<string, string> = {},
): Promise<BuiltServer> {
  const entry = path.join(distDir, 'server', 'index.js')
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first.`)
  const port = await findFreePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'golden-point-bench-web-'))
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForReady(url, () => child.exitCode !== null)
  } catch (error) {
    await stop()
    throw error
  }
  return { url, distDir, stop }
}

async function waitForReady(url: string, hasExited: () => boolean): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error('the server exited before it was ready')
    const ready = await fetch(`${url}/api/ready`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url}/api/ready did not answer within ${READY_TIMEOUT_MS / 1000} s`)
}
