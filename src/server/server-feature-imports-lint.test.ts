import path from 'node:path'
import { RuleTester, type Rule } from 'eslint'
import tsParser from '@typescript-eslint/parser'
import { describe, it } from 'vitest'

// The lint rule that keeps the server features closed and the kernel below them (decision 155).
// The rule lives in eslint.config.js, plain JavaScript: import it by a path TypeScript does not check.
const configPath = '../../eslint.config.js'
const { rules } = (await import(configPath)) as { rules: Record<string, Rule.RuleModule> }

RuleTester.describe = describe
RuleTester.it = it
const tester = new RuleTester({
  languageOptions: { parser: tsParser, ecmaVersion: 2022, sourceType: 'module' },
})
const file = (repoPath: string) => path.join(process.cwd(), repoPath)
const feature = file('src/server/features/standings/standings.service.ts')

tester.run('server-feature-imports', rules['server-feature-imports']!, {
  valid: [
    { name: 'its own files', filename: feature, code: "import { x } from './standings-rows'" },
    {
      name: 'itself by its alias',
      filename: feature,
      code: "import { x } from '#server/features/standings/standings-rows'",
    },
    {
      name: 'the kernel',
      filename: feature,
      code: "import { loadScoring } from '#server/game/scoring'",
    },
    { name: 'the database', filename: feature, code: "import { rowsOf } from '#server/db/client'" },
    {
      name: "another feature's public entry",
      filename: feature,
      code: "import { readLeagueAsMember } from '#server/features/leagues/index'",
    },
    {
      name: "another feature's public entry, relatively",
      filename: feature,
      code: "import { getMyBet } from '../bets/index'",
    },
    {
      name: 'the composition root importing any feature',
      filename: file('src/server/app.ts'),
      code: "import { createBetRoutes } from './features/bets/bets.routes'",
    },
    {
      name: 'the kernel importing the kernel',
      filename: file('src/server/game/scoring.ts'),
      code: "import { tiersOf } from './tournament-figures'",
    },
    { name: 'a package', filename: feature, code: "import { sql } from 'drizzle-orm'" },
  ],
  invalid: [
    ...[
      [
        'an import',
        "import { usernameSql } from '#server/features/leaderboard/leaderboard.service'",
      ],
      ['a type import', "import type { LiveListener } from '#server/features/live/live-listener'"],
      ['a relative import', "import { loadScoring } from '../settlement/settlement-shared'"],
      ['a re-export', "export { placeBet } from '#server/features/bets/bets.service'"],
      ['a lazy import', "export const load = () => import('#server/features/share/share.service')"],
    ].map(([name, code]) => ({
      name: `${name} of another feature's internals`,
      filename: feature,
      code: code!,
      errors: [{ messageId: 'crossFeature' }],
    })),
    ...[
      ['auth', "import { getPreferences } from '#server/features/preferences/index'"],
      ['db', "import { x } from '../features/seasons/season-rows'"],
      ['game', "import { placeBet } from '#server/features/bets/bets.service'"],
      ['ledger', "import { x } from '#server/features/me/me.service'"],
      ['mail', "import { x } from '#server/features/notifications/mail-copy'"],
      ['middleware', "import { x } from '#server/features/admin/admin-common'"],
    ].map(([layer, code]) => ({
      name: `src/server/${layer}/ importing a feature, even its public entry`,
      filename: file(`src/server/${layer}/example.ts`),
      code: code!,
      errors: [{ messageId: 'kernelImportsFeature' }],
    })),
  ],
})
