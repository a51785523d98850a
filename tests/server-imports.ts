// The import graph of src/server, read with the TypeScript compiler's own parser: which file
// imports which (type imports too, lazy ones too), the units they belong to, and the cycles.
// The import-structure test and the drawing in docs/architecture.md are made from it.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const SERVER = 'src/server'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.posix.join(dir, name)
    if (statSync(file).isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : []
  })
}

function resolveImport(root: string, from: string, specifier: string): string | undefined {
  let target: string
  if (specifier.startsWith('#server/')) target = path.posix.join(SERVER, specifier.slice(8))
  else if (specifier.startsWith('.')) target = path.posix.join(path.posix.dirname(from), specifier)
  else return undefined
  target = target.replace(/\.js$/, '')
  return [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((candidate) =>
    existsSync(path.join(root, candidate)),
  )
}

/** Every file of src/server (tests left out) with the src/server files it imports. */
export function readServerImports(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const file of sourceFiles(path.join(root, SERVER))) {
    const repoFile = path.relative(root, file).split(path.sep).join('/')
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = new Set<string>()
    for (const { fileName } of info.importedFiles) {
      const target = resolveImport(root, repoFile, fileName)
      if (target && target !== repoFile) targets.add(target)
    }
    graph.set(repoFile, targets)
  }
  return graph
}

const COMPOSITION = new Set(['app.ts', 'start-server.ts', 'index.ts'])

/**
 * The unit a server file belongs to: `features/<name>` for a feature, the folder for a layer
 * below them (game, db, …), `app` for the files that compose everything, and `core` for the
 * other files at the top (env, errors, logger, app-env).
 */
export function unitOf(file: string): string {
  const parts = file.slice(SERVER.length + 1).split('/')
  if (parts[0] === 'features') return `features/${parts[1]}`
  if (parts.length > 1) return parts[0]!
  return COMPOSITION.has(parts[0]!) ? 'app' : 'core'
}

/** The graph between units (a unit's imports of itself left out). */
export function unitGraph(files: Map<string, Set<string>>): Map<string, Set<string>> {
  const units = new Map<string, Set<string>>()
  for (const [file, targets] of files) {
    const from = unitOf(file)
    if (!units.has(from)) units.set(from, new Set())
    for (const target of targets) {
      const to = unitOf(target)
      if (to !== from) units.get(from)!.add(to)
    }
  }
  return units
}

/** The cycles of a graph: its strongly connected parts of more than one node (Tarjan). */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next++)
    stack.push(node)
    onStack.add(node)
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node)!, low.get(to)!))
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!))
    }
    if (low.get(node) !== index.get(node)) return
    const part: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      part.push(member)
    } while (member !== node)
    if (part.length > 1) cycles.push(part.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return cycles
}

const LAYERS = [
  'app',
  'features',
  'game',
  'auth',
  'ledger',
  'mail',
  'images',
  'workers',
  'middleware',
  'db',
]
// core (env, errors, logger) is imported by every layer; drawn, it would only add noise.

/**
 * The drawing of docs/architecture.md: the layers with the imports between them, and each import
 * from one feature into another. Sorted, so the same code always draws the same text.
 */
export function drawServerImports(files: Map<string, Set<string>>): string {
  const layerOf = (unit: string) => (unit.startsWith('features/') ? 'features' : unit)
  const layerEdges = new Set<string>()
  const featureEdges = new Set<string>()
  for (const [from, targets] of unitGraph(files)) {
    for (const to of targets) {
      if (from.startsWith('features/') && to.startsWith('features/')) {
        featureEdges.add(`  ${from.slice(9)} -.-> ${to.slice(9)}`)
      } else if (LAYERS.includes(layerOf(from)) && LAYERS.includes(layerOf(to))) {
        layerEdges.add(`  ${layerOf(from)} --> ${layerOf(to)}`)
      }
    }
  }
  return [
    'graph TD',
    ...[...layerEdges].sort(),
    '  subgraph between [between features, through index.ts]',
    ...[...featureEdges].sort().map((line) => `  ${line}`),
    '  end',
  ].join('\n')
}
