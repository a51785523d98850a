// The SQL functions' current source lives in this folder, one readable file each. Migrations are
// history: a change to a function is a new migration, and this test holds the file and the
// newest migration that creates the function to the same text, so neither can drift.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { findMigrationsFolder } from '../migrate'

const SQL_FOLDER = dirname(fileURLToPath(import.meta.url))
const CREATE_FUNCTION = /CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+"?(\w+)"?\s*\(/gi

/** Comments dropped and whitespace collapsed: layout is not behaviour. */
function normalise(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/--.*$/, ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Each CREATE FUNCTION statement of `text` (through the `$$;` that closes its body), by name. */
function functionDefinitions(text: string): Map<string, string> {
  const found = new Map<string, string>()
  for (const match of text.matchAll(CREATE_FUNCTION)) {
    const start = match.index
    const bodyStart = text.indexOf('$$', start)
    const bodyEnd = text.indexOf('$$', bodyStart + 2)
    const end = text.indexOf(';', bodyEnd)
    if (bodyStart < 0 || bodyEnd < 0 || end < 0) throw new Error(`unclosed function ${match[1]}`)
    found.set(match[1]!.toLowerCase(), text.slice(start, end + 1))
  }
  return found
}

const migrationsFolder = findMigrationsFolder()
const migrations = readdirSync(migrationsFolder)
  .filter((name) => name.endsWith('.sql'))
  .sort()
  .map((name) => ({ name, text: readFileSync(join(migrationsFolder, name), 'utf8') }))

function newestDefinition(functionName: string): { migration: string; statement: string } | null {
  for (const { name, text } of [...migrations].reverse()) {
    const statement = functionDefinitions(text).get(functionName)
    if (statement) return { migration: name, statement }
  }
  return null
}

const sources = readdirSync(SQL_FOLDER).filter((name) => name.endsWith('.sql'))

describe('SQL function sources (src/server/db/sql)', () => {
  it('has the functions of the bet path', () => {
    expect(sources).toEqual(expect.arrayContaining(['place-bet.sql', 'place-bets.sql']))
  })

  it.each(sources)('%s matches the newest migration that creates its function', (file) => {
    const definitions = functionDefinitions(readFileSync(join(SQL_FOLDER, file), 'utf8'))
    expect(definitions.size).toBeGreaterThan(0)
    for (const [functionName, statement] of definitions) {
      const newest = newestDefinition(functionName)
      expect(newest, `no migration creates ${functionName}`).not.toBeNull()
      expect(
        normalise(statement),
        `${file} differs from ${newest!.migration}: add a migration with the new source`,
      ).toBe(normalise(newest!.statement))
    }
  })

  it('tells a changed body from the same one', () => {
    const one = 'CREATE FUNCTION "f"() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;'
    const reformatted =
      'CREATE FUNCTION "f"()\n  RETURNS int -- why\n  LANGUAGE sql AS $$\nSELECT 1\n$$;'
    const changed = one.replace('SELECT 1', 'SELECT 2')
    const [a, b, c] = [one, reformatted, changed].map((text) => functionDefinitions(text).get('f')!)
    expect(normalise(a!)).toBe(normalise(b!))
    expect(normalise(a!)).not.toBe(normalise(c!))
  })
})
