import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The lint rule that keeps the web features apart (decision 083).
const eslint = new ESLint()

async function featureImportErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'golden-point/feature-imports')
    .map((message) => message.message)
}

describe('the feature-imports lint rule', () => {
  const component = 'src/web/features/tournaments/components/example.tsx'

  it.each([
    ['an import', "import { x } from '../../bracket/components/modal'\nexport const y = x"],
    ['a type import', "import type { X } from '../../bracket/pair-names'\nexport type Y = X"],
    ['a re-export', "export { x } from '../../wallet/api/top-up'"],
    ['a lazy import', "export const load = () => import('../../admin/components/admin-ui')"],
    [
      'an aliased import',
      "import { x } from '#web/features/bracket/wizard-draft'\nexport const y = x",
    ],
  ])('rejects %s of another feature', async (_name, code) => {
    const errors = await featureImportErrors(code, component)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('must not import from the')
  })

  it('rejects a feature file at the top of its folder reaching a sibling feature', async () => {
    const code = "import { x } from '../bracket/wizard-draft'\nexport const y = x"
    const errors = await featureImportErrors(
      code,
      'src/web/features/tournaments/tournament-view.ts',
    )
    expect(errors).toHaveLength(1)
  })

  it.each([
    ['its own api', "import { x } from '../api/tournaments'\nexport const y = x"],
    ['its own helpers', "import { x } from '../tournament-view'\nexport const y = x"],
    ['shared components', "import { x } from '../../../components/ui/modal'\nexport const y = x"],
    ['shared lib', "import { x } from '../../../lib/query-keys'\nexport const y = x"],
    [
      'itself by its alias',
      "import { x } from '#web/features/tournaments/api/t'\nexport const y = x",
    ],
    ['shared lib by its alias', "import { x } from '#web/lib/query-keys'\nexport const y = x"],
    ['a package', "import { useState } from 'react'\nexport const y = useState"],
  ])('allows %s', async (_name, code) => {
    expect(await featureImportErrors(code, component)).toEqual([])
  })

  it.each([
    ['src/web/lib/example.ts', "import { x } from '#web/features/bracket/wizard-draft'"],
    ['src/web/components/ui/example.tsx', "import { x } from '../../features/admin/admin-ui'"],
  ])('keeps %s, a shared piece, from importing a feature', async (file, code) => {
    const errors = await featureImportErrors(`${code}\nexport const y = x`, file)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('shared by features')
  })

  it('lets a route compose several features', async () => {
    const code = [
      "import { a } from '../../features/bracket/components/bracket-wizard'",
      "import { b } from '../../features/tournaments/components/tournament-body'",
      'export const c = [a, b]',
    ].join('\n')
    expect(await featureImportErrors(code, 'src/web/app/routes/tournament-detail.tsx')).toEqual([])
  })
})
