// A migrated PGlite data folder, dumped once and reused: loading the dump (~0.5 s) is much faster
// than initdb + migrations (~3 s) for every test file. The dump is cached on disk, keyed by the
// PGlite version and the migration files, because every test file runs in its own worker.
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

let templateInMemory: Promise<Blob> | undefined

export function getPgliteTemplate(): Promise<Blob> {
  return (templateInMemory ??= readOrBuildTemplate())
}

async function readOrBuildTemplate(): Promise<Blob> {
  const file = join(CACHE_DIR, `pglite-template-${fingerprint()}.tar`)
  if (existsSync(file)) return new Blob([readFileSync(file)])

  const client = await PGlite.create()
  const handle = wrapPglite(client)
  try {
    await migrateDatabase(handle)
    const dump = await client.dumpDataDir('none')
    const bytes = new Uint8Array(await dump.arrayBuffer())
    // Write then rename: a parallel worker never reads a half-written template.
    mkdirSync(CACHE_DIR, { recursive: true })
    const partial = `${file}.${process.pid}.partial`
    writeFileSync(partial, bytes)
    renameSync(partial, file)
    return new Blob([bytes])
  } finally {
    await handle.close()
  }
}

function fingerprint(): string {
  const hash = createHash('sha256')
  // The package's exports hide package.json: step up from its entry file (dist/index.*).
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const pgliteManifest = join(dirname(pgliteEntry), '..', 'package.json')
  hash.update(JSON.parse(readFileSync(pgliteManifest, 'utf8')).version as string)
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
