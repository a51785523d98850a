// Dumps of PGlite data folders, made once and reused: an empty cluster (loading it, ~0.7 CPU-s,
// replaces initdb, 2–5 CPU-s) and a migrated one (instead of initdb + migrations, ~3 s, for every
// test file). Cached on disk, keyed by the PGlite version and the migration files, so that every
// worker, and the next run, reads them. Vitest's global setup makes both before any worker starts
// (tests/pglite-template-setup.ts): built in a test's hook instead, the first build overran the
// hook's timeout on a loaded machine.
import { createHash } from 'node:crypto'
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
  existsSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { wrapPglite } from '#server/db/client'
import { findMigrationsFolder, migrateDatabase } from '#server/db/migrate'

const CACHE_DIR = resolve('node_modules/.cache/golden-point')

let emptyClusterInMemory: Promise<Blob> | undefined
let templateInMemory: Promise<Blob> | undefined

/** A new cluster with nothing migrated, for the tests of a migration chain. */
export function getEmptyPgliteCluster(): Promise<Blob> {
  return (emptyClusterInMemory ??= readOrBuild(`pglite-empty-${pgliteVersion()}.tar`, async () =>
    dumpDataDir(await PGlite.create()),
  ))
}

/** A cluster with every migration applied: a test database's starting point. */
export function getPgliteTemplate(): Promise<Blob> {
  return (templateInMemory ??= readOrBuild(`pglite-template-${fingerprint()}.tar`, async () => {
    const client = await PGlite.create({ loadDataDir: await getEmptyPgliteCluster() })
    return dumpDataDir(client, () => migrateDatabase(wrapPglite(client)))
  }))
}

async function readOrBuild(
  name: string,
  build: () => Promise<Uint8Array<ArrayBuffer>>,
): Promise<Blob> {
  const file = join(CACHE_DIR, name)
  if (existsSync(file)) return new Blob([readFileSync(file)])
  const bytes = await build()
  // Write then rename: a parallel worker never reads a half-written dump.
  mkdirSync(CACHE_DIR, { recursive: true })
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, bytes)
  renameSync(partial, file)
  return new Blob([bytes])
}

/** The client's data folder after `prepare` as a tarball; the client is closed after. */
async function dumpDataDir(
  client: PGlite,
  prepare: () => Promise<unknown> = async () => {},
): Promise<Uint8Array<ArrayBuffer>> {
  try {
    await prepare()
    const dump = await client.dumpDataDir('none')
    return new Uint8Array(await dump.arrayBuffer())
  } finally {
    await client.close()
  }
}

function pgliteVersion(): string {
  // The package's exports hide package.json: step up from its entry file (dist/index.*).
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const pgliteManifest = join(dirname(pgliteEntry), '..', 'package.json')
  return JSON.parse(readFileSync(pgliteManifest, 'utf8')).version as string
}

function fingerprint(): string {
  const hash = createHash('sha256')
  hash.update(pgliteVersion())
  const folder = findMigrationsFolder()
  for (const name of listFiles(folder)) {
    hash.update(name)
    hash.update(readFileSync(join(folder, name)))
  }
  return hash.digest('hex').slice(0, 16)
}

function listFiles(folder: string, prefix = ''): string[] {
  return readdirSync(join(folder, prefix), { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? listFiles(folder, join(prefix, entry.name))
        : [join(prefix, entry.name)],
    )
    .sort()
}
