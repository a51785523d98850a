// The one pager (pager.tsx): where Previous leads and when Next is off, with the total known or
// only "more follow"; and no paged list draws a pager of its own again.
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isLastPage, previousPage } from './pager'

describe('the pager', () => {
  it('goes back one page, never below the first', () => {
    expect(previousPage({ page: 3, pages: 4 })).toBe(2)
    expect(previousPage({ page: 2, hasMore: false })).toBe(1)
    expect(previousPage({ page: 1, pages: 1 })).toBe(1)
  })

  it('goes back to the last page from a page emptied meanwhile', () => {
    expect(previousPage({ page: 5, pages: 2 })).toBe(2)
  })

  it('knows the last page from the total or from "more follow"', () => {
    expect(isLastPage({ page: 2, pages: 2 })).toBe(true)
    expect(isLastPage({ page: 3, pages: 2 })).toBe(true)
    expect(isLastPage({ page: 1, pages: 2 })).toBe(false)
    expect(isLastPage({ page: 4, hasMore: false })).toBe(true)
    expect(isLastPage({ page: 4, hasMore: true })).toBe(false)
  })
})

const web = fileURLToPath(new URL('../', import.meta.url))

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx$/.test(entry.name) ? [path] : []
  })
}

describe('the paged lists', () => {
  const files = sources(web).map((path) => ({
    name: relative(web, path),
    text: readFileSync(path, 'utf8'),
  }))

  it.each([
    'features/standings/components/standings-view.tsx',
    'features/seasons/components/season-standings.tsx',
    'features/leagues/components/league-members.tsx',
    'features/admin/components/wallets-list.tsx',
  ])('%s pages with the shared pager', (name) => {
    const file = files.find((entry) => entry.name === name)
    expect(file?.text).toContain("from '#web/components/pager'")
    expect(file?.text).toContain('<Pager')
  })

  it('say "page x of y" only through the shared pager', () => {
    // The profile's ledger keeps its own always-shown "Page 1 of 1" (e2e/auth-profile.spec.ts).
    const own = files
      .filter(({ name }) => name !== 'components/pager.tsx')
      .filter(({ name }) => name !== 'features/profile/components/transaction-history.tsx')
      .filter(({ text }) => /\.page_of'|\.members_page'|wallets\.page'/.test(text))
      .map(({ name }) => name)
    expect(own).toEqual([])
  })
})
