// PGlite has no guard against two processes opening the same folder, and two writers corrupt it.
// An exclusive lock file holding the owner's pid refuses a second server; a lock left behind by
// a crashed process (its pid no longer runs) is taken over. See docs/decisions/011-data-dir-lock.md.
import { randomUUID } from 'node:crypto'
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { join, resolve } from 'node:path'

const LOCK_FILE_NAME = 'server.lock'
const MAX_ATTEMPTS = 5

export interface DataDirLock {
  readonly path: string
  release(): void
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Golden Point server is already using the data folder ${dataDir} (pid ${pid}). ` +
        'Stop it or set DATA_DIR.',
    )
    this.name = 'DataDirLockedError'
  }
}

// Locks held by this process: the same pid in the file is then a live owner, not a stale one.
const heldLocks = new Set<string>()

/** Takes the data folder for this process or throws DataDirLockedError. */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true })
  const path = resolve(join(dataDir, LOCK_FILE_NAME))
  const content = JSON.stringify({ pid: process.pid, token: randomUUID(), at: new Date() })

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (tryCreateLockFile(path, content)) return holdLock(path, content)
    const existing = readLockFile(path)
    if (existing === undefined) continue // released meanwhile
    const owner = parseOwnerPid(existing)
    if (owner !== undefined && isLiveOwner(owner, path))
      throw new DataDirLockedError(dataDir, owner)
    removeStaleLockFile(path, existing)
  }
  throw new Error(`Could not take the lock ${path}; remove it if no server is running.`)
}

function holdLock(path: string, content: string): DataDirLock {
  heldLocks.add(path)
  // A crash still runs 'exit' listeners: leave no lock behind when we can help it.
  const releaseOnExit = () => releaseLockFile(path, content)
  process.once('exit', releaseOnExit)
  return {
    path,
    release() {
      process.removeListener('exit', releaseOnExit)
      releaseLockFile(path, content)
    },
  }
}

function releaseLockFile(path: string, content: string): void {
  heldLocks.delete(path)
  if (readLockFile(path) === content) unlinkQuietly(path)
}

function tryCreateLockFile(path: string, content: string): boolean {
  let fd: number
  try {
    fd = openSync(path, 'wx')
  } catch (error) {
    if (hasCode(error, 'EEXIST')) return false
    throw error
  }
  try {
    writeSync(fd, content)
  } finally {
    closeSync(fd)
  }
  return true
}

function readLockFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return undefined
    throw error
  }
}

function parseOwnerPid(content: string): number | undefined {
  try {
    const pid: unknown = (JSON.parse(content) as { pid?: unknown }).pid
    return Number.isSafeInteger(pid) && (pid as number) > 0 ? (pid as number) : undefined
  } catch {
    return undefined // half-written or foreign content: treated as stale
  }
}

function isLiveOwner(pid: number, path: string): boolean {
  // Our own pid in a lock we do not hold is a previous run of this process id (e.g. pid 1 in a
  // restarted container), so it is stale.
  if (pid === process.pid) return heldLocks.has(path)
  try {
    process.kill(pid, 0)
  } catch (error) {
    return !hasCode(error, 'ESRCH') // EPERM: alive, owned by another user
  }
  return !isZombie(pid)
}

// A killed server that its parent has not reaped yet still answers kill(pid, 0) (Linux only).
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
    return state === 'Z' || state === 'X'
  } catch {
    return false // no /proc (macOS, Windows) or the process is gone already
  }
}

// Moves the stale file aside first so that two processes taking over at the same moment cannot
// both delete a lock and both go on; a fresh lock moved by mistake is put back.
function removeStaleLockFile(path: string, staleContent: string): void {
  const aside = `${path}.${randomUUID()}.stale`
  try {
    renameSync(path, aside)
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return
    throw error
  }
  if (readLockFile(aside) !== staleContent) {
    try {
      linkSync(aside, path)
    } catch (error) {
      if (!hasCode(error, 'EEXIST')) throw error
    }
  }
  unlinkQuietly(aside)
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path)
  } catch (error) {
    if (!hasCode(error, 'ENOENT')) throw error
  }
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code
}
