// The README's production command, run for real the way the image runs it: a fresh build laid out
// like the image's /app, NODE_ENV=production, a new PostgreSQL database on TEST_DATABASE_URL's
// server, and SMTP pointing at a closed port (nothing is mailed at start-up).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFreePort } from '#tests/free-port'
import { readmeProductionCommand } from './readme-production-command'
import { runAdminStatement } from '#tests/postgres-admin'

// Tests may read this one variable directly: it configures the test run, not the app.
const SERVER_URL = process.env.TEST_DATABASE_URL
const root = fileURLToPath(new URL('..', import.meta.url))
const START_TIMEOUT_MS = 60_000

/** dist/, drizzle/, package.json and node_modules side by side, as in the image. */
function buildAppDir(): string {
  const appDir = mkdtempSync(join(tmpdir(), 'gp-production-'))
  for (const [config, out] of [
    ['vite.config.ts', 'dist/client'],
    ['vite.server.config.ts', 'dist/server'],
  ] as const) {
    const build = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '-c',
        config,
        '--outDir',
        join(appDir, out),
      ],
      { cwd: root, encoding: 'utf8' },
    )
    if (build.status !== 0) throw new Error(`vite build failed:\n${build.stderr}`)
  }
  copyFileSync(join(root, 'package.json'), join(appDir, 'package.json'))
  symlinkSync(join(root, 'drizzle'), join(appDir, 'drizzle'))
  symlinkSync(join(root, 'node_modules'), join(appDir, 'node_modules'))
  return appDir
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('no answer from /api/health')
}

describe.skipIf(!SERVER_URL)('the README production command', () => {
  const databaseName = `gp_prod_${randomUUID().replaceAll('-', '').slice(0, 12)}`
  let appDir = ''
  let url = ''
  let server: ChildProcess | undefined
  let stderr = ''

  beforeAll(async () => {
    appDir = buildAppDir()
    await runAdminStatement(SERVER_URL!, `create database ${databaseName}`)
    const [port, closedSmtpPort] = [await findFreePort(), await findFreePort()]
    url = `http://127.0.0.1:${port}`
    const databaseUrl = Object.assign(new URL(SERVER_URL!), { pathname: `/${databaseName}` })
    const [program, ...args] = readmeProductionCommand()
    expect(program).toBe('node')
    // Only these variables: nothing of the test runner's environment leaks into production mode.
    server = spawn(process.execPath, args, {
      cwd: appDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        DATABASE_URL: databaseUrl.toString(),
        SMTP_URL: `smtp://127.0.0.1:${closedSmtpPort}`,
        BETTER_AUTH_SECRET: randomBytes(32).toString('base64'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    await waitForHealth(url, server)
  }, 240_000)

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGKILL')
      await new Promise((resolve) => server?.once('exit', resolve))
    }
    await runAdminStatement(SERVER_URL!, `drop database if exists ${databaseName} with (force)`)
    if (appDir) rmSync(appDir, { recursive: true, force: true })
  })

  it('answers /api/health and /api/ready on the migrated PostgreSQL database', async () => {
    expect((await fetch(`${url}/api/health`)).status).toBe(200)
    expect((await fetch(`${url}/api/ready`)).status).toBe(200)
  })

  it('serves the app in production mode: HSTS, no local mailbox', async () => {
    const page = await fetch(url, { headers: { Accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('strict-transport-security')).toMatch(/max-age=/)
    expect((await fetch(`${url}/api/dev/mailbox`)).status).toBe(404)
  })

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server?.once('exit', resolve))
    server?.kill('SIGTERM')
    expect(await exited, stderr).toBe(0)
  })
})
