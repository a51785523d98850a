import { execFile, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir, type DataDirLock } from './data-dir-lock'

const run = promisify(execFile)
const dirs: string[] = []
const locks: DataDirLock[] = []

function makeDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gp-lock-'))
  dirs.push(dir)
  return dir
}

function take(dir: string): DataDirLock {
  const lock = lockDataDir(dir)
  locks.push(lock)
  return lock
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''])
  return child.pid!
}

afterEach(() => {
  for (const lock of locks.splice(0)) lock.release()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('lockDataDir', () => {
  it('refuses a second opener of the same folder, naming the folder and the owner pid', () => {
    const dir = makeDataDir()
    take(dir)
    expect(() => take(dir)).toThrow(DataDirLockedError)
    expect(() => take(dir)).toThrow(
      `Another Golden Point server is already using the data folder ${dir} (pid ${process.pid}). Stop it or set DATA_DIR.`,
    )
  })

  it('frees the folder on release', () => {
    const dir = makeDataDir()
    const lock = take(dir)
    lock.release()
    expect(existsSync(lock.path)).toBe(false)
    expect(() => take(dir)).not.toThrow()
  })

  it('creates a missing data folder', () => {
    const dir = join(makeDataDir(), 'nested', 'data')
    const lock = take(dir)
    expect(existsSync(lock.path)).toBe(true)
  })

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = makeDataDir()
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: deadPid() }))
    const lock = take(dir)
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid)
  })

  it('takes over a lock with our own pid that this process does not hold (a restarted container)', () => {
    const dir = makeDataDir()
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: process.pid, token: 'old-run' }))
    expect(() => take(dir)).not.toThrow()
  })

  it('takes over an unreadable lock file', () => {
    const dir = makeDataDir()
    writeFileSync(join(dir, 'server.lock'), '{"pid": 12')
    expect(() => take(dir)).not.toThrow()
  })

  it('makes another process exit with the message while this one holds the folder', async () => {
    const dir = makeDataDir()
    take(dir)
    const script = `
      const { lockDataDir } = await import(${JSON.stringify(new URL('./data-dir-lock.ts', import.meta.url).href)})
      try { lockDataDir(${JSON.stringify(dir)}) } catch (error) { console.error(error.message); process.exit(3) }
    `
    const outcome = await run(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ]).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    )
    expect(outcome.code).toBe(3)
    expect(outcome.stderr).toContain(`(pid ${process.pid})`)
  })
})
