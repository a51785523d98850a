// Back links look alike everywhere (issue 29): every "← back" goes through back-link.tsx, either
// PageContainer's `back` or a BackLink/BackButton of its own. This reads the web's sources and
// fails on a second way: the back arrow drawn anywhere else, or a "back" label that is not handed
// to the shared component.
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const web = fileURLToPath(new URL('../', import.meta.url))

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const files = sources(web).map((path) => ({
  path: relative(web, path),
  text: readFileSync(path, 'utf8'),
}))

// A label key of a way back: its last part is "back" or "back_to_…".
const BACK_LABEL = /\bt\(\s*'((?:[\w]+\.)*(?:back|back_to_\w+))'/g

/** Labels that say "back" without being a "← back" link, each with its reason. */
const NOT_A_WAY_BACK = new Set([
  // The review dialog's button that closes it and returns to the wizard's last step.
  'features/bracket/components/review-dialog.tsx: bracket.back_to_edit (given to <Button)',
  // A link inside a sentence under the form ("Remembered it? Back to sign in"), as the sign-in
  // and sign-up forms link to each other; the sent state's way back is a BackLink.
  'features/auth/components/forgot-password-form.tsx: forgot_password.back_to_login (given to <Link)',
])

describe('back links', () => {
  it('reads the sources it checks', () => {
    expect(files.some((file) => file.path === 'components/back-link.tsx')).toBe(true)
    expect(files.length).toBeGreaterThan(100)
  })

  it('draw the back arrow only in the shared component (and the wizard’s step back)', () => {
    const drawing = files
      .filter((file) => /\bArrowLeft\b/.test(file.text))
      .map((file) => file.path)
      .sort()
    expect(drawing).toEqual([
      'components/back-link.tsx',
      // "Back" a step in the wizard's bar, beside "Next": a step, not a way to another page.
      'features/bracket/components/wizard-nav.tsx',
    ])
  })

  it('hand every "back" label to BackLink, BackButton or a page’s back', () => {
    const loose: string[] = []
    let found = 0
    for (const file of files) {
      for (const match of file.text.matchAll(BACK_LABEL)) {
        found += 1
        // What the label is given to: the nearest opening tag or `back={{` before it.
        const before = file.text.slice(Math.max(0, match.index - 300), match.index)
        const opener = [...before.matchAll(/<[A-Z]\w*|back=\{\{/g)].at(-1)?.[0]
        if (opener === '<BackLink' || opener === '<BackButton' || opener === 'back={{') continue
        const use = `${file.path}: ${match[1]} (given to ${opener ?? 'nothing found'})`
        if (!NOT_A_WAY_BACK.has(use)) loose.push(use)
      }
    }
    expect(found).toBeGreaterThanOrEqual(12)
    expect(loose).toEqual([])
  })
})
