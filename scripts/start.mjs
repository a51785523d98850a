#!/usr/bin/env node
// `npm start`: build the app when the sources are newer than the build, then run the server
// in this process (so signals reach it directly). Migrations and demo data run at server start.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = new URL('..', import.meta.url).pathname
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

if (isBuildStale()) {
  console.log('Building Golden Point (first start or changed sources)…')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

await import(pathToFileURL(join(root, 'dist/server/index.js')).href)
