// The production start command is written once, in the README; the Dockerfile and the tests
// hold to that line instead of keeping copies of their own.
import { readFileSync } from 'node:fs'

/** The `node …` line of the README's Production section, split into program and arguments. */
export function readmeProductionCommand(
  readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8'),
): string[] {
  const section = readme.slice(readme.indexOf('## Production'))
  const line = /^```bash\n(?:.*\n)*?(node [^\n]+)\n/m.exec(section)?.[1]
  if (!line) throw new Error('README.md has no `node …` line in its Production section')
  return line.trim().split(/\s+/)
}
