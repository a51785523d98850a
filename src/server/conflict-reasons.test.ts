import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// A reader sees why a change was refused in their own language only when the refusal carries a
// reason code (appErrorBecause); a CONFLICT with English text alone would reach an admin or a fan
// untranslated (docs/decisions/087). Every server file is checked: the admin routes, the bet
// route, sign-up, and whatever comes next.
const BARE_CONFLICT = [
  // new AppError('CONFLICT', 'English text')
  /AppError\(\s*'CONFLICT'/,
  // a table mapping some outside code to CONFLICT, e.g. better-auth's
  /:\s*'CONFLICT'/,
]

function serverSources(folder: URL): URL[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return serverSources(new URL(`${entry.name}/`, folder))
    const isSource = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
    return isSource ? [new URL(entry.name, folder)] : []
  })
}

describe('refusals', () => {
  const root = new URL('./', import.meta.url)
  const sources = serverSources(root)

  it('are looked for in the admin, bet and sign-up code', () => {
    const names = sources.map((file) => file.pathname.slice(root.pathname.length))
    expect(names).toEqual(
      expect.arrayContaining([
        'features/admin/admin-tournament-edits.service.ts',
        'features/bets/bets.service.ts',
        'auth/auth.routes.ts',
      ]),
    )
  })

  it('give a reason code with every CONFLICT', () => {
    const bare = sources
      .filter((file) => BARE_CONFLICT.some((pattern) => pattern.test(readFileSync(file, 'utf8'))))
      .map((file) => file.pathname.slice(root.pathname.length))
    expect(bare).toEqual([])
  })
})
