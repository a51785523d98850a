import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cyclesOf, drawServerImports, readServerImports, unitGraph } from '#tests/server-imports'

// The import structure of src/server (docs/decisions/155): features stand on the kernel, and
// nothing imports in a circle.
const root = process.cwd()
const files = readServerImports(root)

describe('the server import structure', () => {
  it('has no import cycle between features, nor between a feature and the layers below', () => {
    const throughAFeature = cyclesOf(unitGraph(files)).filter((cycle) =>
      cycle.some((unit) => unit.startsWith('features/')),
    )
    expect(throughAFeature).toEqual([])
  })

  it('has no file-level import cycle', () => {
    expect(cyclesOf(files).map((cycle) => cycle.join(' → '))).toEqual([])
  })

  it('keeps the game kernel free of features', () => {
    const kernelImports = [...files]
      .filter(([file]) => file.startsWith('src/server/game/'))
      .flatMap(([file, targets]) => [...targets].map((target) => `${file} → ${target}`))
      .filter((edge) => edge.includes('/features/'))
    expect(kernelImports).toEqual([])
  })

  it('is drawn as it is in docs/architecture.md', () => {
    const doc = readFileSync(`${root}/docs/architecture.md`, 'utf8')
    const drawn =
      /<!-- server-imports:start -->\s*```mermaid\n([\s\S]*?)\n```\s*<!-- server-imports:end -->/.exec(
        doc,
      )
    expect(
      drawn?.[1],
      'regenerate the block with drawServerImports (tests/server-imports.ts)',
    ).toBe(drawServerImports(files))
  })
})
