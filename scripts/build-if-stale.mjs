// Builds the app (`npm run build`) when a source is newer than the build: `npm start` and the
// reliability suites, which start the built server, both need a fresh one.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

export const root = new URL('..', import.meta.url).pathname
const outputs = ['dist/client/index.html', 'dist/server/index.js'].map((file) => join(root, file))
const inputs = [
  'src',
  'public',
  'index.html',
  'package.json',
  'vite.config.ts',
  'vite.server.config.ts',
]

function newestModification(path) {
  if (!existsSync(path)) return 0
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestModification(join(path, entry))),
    stats.mtimeMs,
  )
}

function isBuildStale() {
  if (!outputs.every((file) => existsSync(file))) return true
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs))
  return inputs.some((input) => newestModification(join(root, input)) > builtAt)
}

/** Exits the process when the build fails. */
export function buildIfStale() {
  if (!isBuildStale()) return
  console.log('Building Golden Point (first start or changed sources)…')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// `node scripts/build-if-stale.mjs` (`npm run build:if-stale`): the same, from the command line.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildIfStale()
