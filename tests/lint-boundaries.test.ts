import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The layer rules of eslint.config.js (docs/decisions/086): which imports and globals each part
// of src may use. Linted as if the code sat at the given path.
const eslint = new ESLint()

async function boundaryErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((message) =>
      ['@typescript-eslint/no-restricted-imports', 'no-restricted-properties'].includes(
        message.ruleId ?? '',
      ),
    )
    .map((message) => message.message)
}

const webView = 'src/web/features/example/components/example-view.tsx'
const use = (name: string) => `export const used = ${name}\n`

describe('the layer rules', () => {
  const domainRule = 'src/domain/tournament/example.ts'
  const schema = 'src/shared/schemas/example.ts'

  it.each([
    ['a framework', "import { Hono } from 'hono'\n" + use('Hono')],
    ['a driver', "import { sql } from 'drizzle-orm'\n" + use('sql')],
    ['node:*', "import { readFileSync } from 'node:fs'\n" + use('readFileSync')],
    ['even zod', "import { z } from 'zod'\n" + use('z')],
    ['the shared layer', "import { z } from '../../shared/schemas/bet'\n" + use('z')],
    ['the shared layer by its alias', "import { z } from '#shared/schemas/bet'\n" + use('z')],
    ['the server by its alias', "import { AppError } from '#server/errors'\n" + use('AppError')],
  ])('keep %s out of the domain', async (_what, code) => {
    expect(await boundaryErrors(code, domainRule)).toHaveLength(1)
  })

  it('let the domain import itself, and its tests the test tools', async () => {
    const own = "import { canCancel } from './tournament'\n" + use('canCancel')
    expect(await boundaryErrors(own, domainRule)).toEqual([])
    const test = "import { it } from 'vitest'\nimport fc from 'fast-check'\n" + use('[it, fc]')
    expect(await boundaryErrors(test, 'src/domain/tournament/example.test.ts')).toEqual([])
  })

  it('let the shared layer import zod and the domain, and nothing else', async () => {
    const allowed =
      "import { z } from 'zod'\nimport { ROUND_ORDER } from '../../domain/bracket/bracket'\n" +
      use('[z, ROUND_ORDER]')
    expect(await boundaryErrors(allowed, schema)).toEqual([])
    const driver = "import { pgEnum } from 'drizzle-orm/pg-core'\n" + use('pgEnum')
    expect(await boundaryErrors(driver, schema)).toHaveLength(1)
    const server = "import { AppError } from '../../server/errors'\n" + use('AppError')
    expect(await boundaryErrors(server, schema)).toHaveLength(1)
    const aliased =
      "import { ROUND_ORDER } from '#domain/bracket/bracket'\nimport { AppError } from '#server/errors'\n" +
      use('[ROUND_ORDER, AppError]')
    expect(await boundaryErrors(aliased, schema)).toHaveLength(1)
  })

  it('tell the server layer from a package named server', async () => {
    const renderer = "import { renderToString } from 'react-dom/server'\n" + use('renderToString')
    expect(await boundaryErrors(renderer, 'src/web/shell/example.tsx')).toEqual([])
    const server = "import { app } from '../../../server/app'\n" + use('app')
    expect(await boundaryErrors(server, webView)).toHaveLength(1)
    const types = "import type { AppType } from '../../../server/app'\nexport type T = AppType\n"
    expect(await boundaryErrors(types, webView)).toEqual([])
    const aliased = "import { app } from '#server/app'\n" + use('app')
    expect(await boundaryErrors(aliased, webView)).toHaveLength(1)
    const aliasedTypes = "import type { AppType } from '#server/app'\nexport type T = AppType\n"
    expect(await boundaryErrors(aliasedTypes, webView)).toEqual([])
  })
})

describe('the alias rule', () => {
  async function aliasErrors(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath })
    return (result?.messages ?? [])
      .filter((message) => message.ruleId === 'golden-point/alias-imports')
      .map((message) => message.message)
  }
  const service = 'src/server/features/bets/example.service.ts'

  it.each([
    ['another layer', "import { x } from '../../../domain/bracket/bracket'"],
    ['another server folder', "import { x } from '../../db/client'"],
    ['another feature', "import { x } from '../tournaments/tournaments.service'"],
    ['src/ from tests/', "import { x } from '../src/server/app'", 'tests/example.ts'],
    ['tests/ from e2e/', "import { x } from '../tests/accounts'", 'e2e/example.spec.ts'],
  ])('asks for the alias to reach %s', async (_what, code, file = service) => {
    const errors = await aliasErrors(`${code}\n${use('x')}`, file)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('through its alias')
  })

  it.each([
    ['a file of the same feature', "import { x } from './bet-batcher'", service],
    [
      'a sub-folder of the same feature',
      "import { x } from '../api/bets'",
      'src/web/features/bracket/components/x.tsx',
    ],
    [
      'a neighbour in the same folder of a layer',
      "import { x } from '../client'",
      'src/server/db/tables/x.ts',
    ],
    [
      'its own top folder outside src/',
      "import { x } from '../support/axe'",
      'e2e/flows/x.spec.ts',
    ],
    ['an alias', "import { x } from '#server/db/client'", service],
  ])('lets a relative path reach %s', async (_what, code, file) => {
    expect(await aliasErrors(`${code}\n${use('x')}`, file)).toEqual([])
  })
})

describe('configuration', () => {
  it('is read from process.env in src/server/env.ts alone', async () => {
    const read = 'export const port = process.env.PORT\n'
    expect(await boundaryErrors(read, 'src/server/env.ts')).toEqual([])
    expect(await boundaryErrors(read, 'src/server/start-server.ts')).toHaveLength(1)
    expect(await boundaryErrors(read, webView)).toHaveLength(1)
    const destructured = 'const { env } = process\nexport const port = env.PORT\n'
    expect(await boundaryErrors(destructured, 'src/server/app.ts')).toHaveLength(1)
    const imported = "import { env } from 'node:process'\nexport const port = env.PORT\n"
    expect(await boundaryErrors(imported, 'src/server/app.ts')).toHaveLength(1)
    expect(await boundaryErrors(read, 'scripts/example.ts')).toEqual([])
  })
})
