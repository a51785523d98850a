// One writer of notifications (docs/decisions/155): no production file but notification-writes.ts
// inserts notification rows, so none can forget the pushes that go with them.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const SERVER = join(import.meta.dirname, '..')
const INSERTS = [/insert\s+into\s+"?notifications"?\s*\(/i, /\.insert\(\s*notifications\s*\)/]

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return productionFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

describe('the notifications writer', () => {
  it('is the only production file that inserts notification rows', () => {
    const writers = productionFiles(SERVER)
      .filter((file) => INSERTS.some((insert) => insert.test(readFileSync(file, 'utf8'))))
      .map((file) => relative(SERVER, file))
    expect(writers).toEqual(['game/notification-writes.ts'])
  })
})
