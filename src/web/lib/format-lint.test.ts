import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The lint rule that keeps every number and date on screen going through ./format.ts.
const eslint = new ESLint()

async function formattingErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message)
}

describe('the number-formatting lint rule', () => {
  const component = 'src/web/features/example/components/example-view.tsx'

  it.each([
    ['toLocaleString', 'export const text = (5245).toLocaleString()'],
    ['toFixed', 'export const text = (77.97).toFixed(2)'],
    ['toLocaleDateString', 'export const text = new Date().toLocaleDateString()'],
    ['Intl.NumberFormat', "export const text = new Intl.NumberFormat('es').format(5245)"],
    ['Intl.DateTimeFormat', "export const text = Intl.DateTimeFormat('es').format(new Date())"],
  ])('rejects %s in a component', async (_name, code) => {
    expect(await formattingErrors(code, component)).toHaveLength(1)
  })

  it('lets the formatting module itself use Intl', async () => {
    const code = "export const text = new Intl.NumberFormat('es').format(5245)"
    expect(await formattingErrors(code, 'src/web/lib/format.ts')).toEqual([])
  })
})
