import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// An admin sees why a change was refused in their own language only when the refusal carries a
// reason code (appErrorBecause); a CONFLICT with English text alone would reach them untranslated.
describe('admin refusals', () => {
  it('give a reason code with every CONFLICT', () => {
    const folder = new URL('./', import.meta.url)
    const bare = readdirSync(folder)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => readFileSync(new URL(file, folder), 'utf8').includes("AppError('CONFLICT'"))
    expect(bare).toEqual([])
  })
})
