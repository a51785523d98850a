// The container files, checked without a container engine: the Dockerfile runs the README's
// production command as a non-root user with a health check, compose.yaml gives the app every
// variable production requires, and that command really starts in production mode on PostgreSQL.
import { readFileSync } from 'node:fs'
import { parseEnv } from 'node:util'
import { parse as parseYaml } from 'yaml'
import { describe, expect, it } from 'vitest'
import { EnvError, loadEnv } from '#server/env'
import { readmeProductionCommand } from './readme-production-command'

const readText = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8')

interface DockerInstruction {
  keyword: string
  args: string
}

function parseDockerfile(text: string): DockerInstruction[][] {
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/)
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') }
    })
  const stages: DockerInstruction[][] = []
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') stages.push([])
    stages.at(-1)?.push(instruction)
  }
  return stages
}

/** The names production refuses to start without, as src/server/env.ts reports them. */
function requiredInProduction(): string[] {
  try {
    loadEnv({ NODE_ENV: 'production' })
  } catch (error) {
    if (error instanceof EnvError) return error.problems.map((problem) => problem.split(':')[0]!)
    throw error
  }
  throw new Error('production started without any configuration')
}

describe('Dockerfile', () => {
  const stages = parseDockerfile(readText('Dockerfile'))
  const build = stages[0] ?? []
  const final = stages.at(-1) ?? []
  const args = (stage: DockerInstruction[], keyword: string) =>
    stage.filter((i) => i.keyword === keyword).map((i) => i.args)

  it('builds on Node 20 slim with npm ci, the build and a production-only prune', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2)
    for (const stage of stages) expect(args(stage, 'FROM')[0]).toMatch(/^node:20[\w.-]*-slim\b/)
    const runs = args(build, 'RUN').join(' && ')
    expect(runs).toMatch(/npm ci\b/)
    expect(runs).toMatch(/npm run build\b/)
    expect(runs).toMatch(/npm prune --omit=dev\b/)
  })

  it('runs exactly the README production command as a non-root user', () => {
    const cmd = JSON.parse(args(final, 'CMD').at(-1) ?? 'null') as unknown
    expect(cmd).toEqual(readmeProductionCommand())
    const user = args(final, 'USER').at(-1)
    expect(user).toBeDefined()
    expect(['root', '0']).not.toContain(user?.split(':')[0])
    expect(args(final, 'ENV').join(' ')).toMatch(/NODE_ENV=production/)
  })

  it('checks /api/health', () => {
    expect(args(final, 'HEALTHCHECK').join(' ')).toMatch(/CMD .*\/api\/health/)
  })
})

describe('compose.yaml', () => {
  interface Service {
    image?: string
    build?: unknown
    env_file?: string | string[]
    environment?: Record<string, string>
    depends_on?: Record<string, { condition?: string }>
    volumes?: string[]
    healthcheck?: { test?: string[] | string }
  }
  const compose = parseYaml(readText('compose.yaml')) as {
    services: Record<string, Service>
    volumes?: Record<string, unknown>
  }
  const app = compose.services.app!
  const db = compose.services.db!
  const example = parseEnv(readText('.env.production.example')) as Record<string, string>

  it('runs PostgreSQL 15 on a named volume with a health check the app waits for', () => {
    expect(db.image).toMatch(/^postgres:15\b/)
    const volume = db.volumes?.find((v) => v.endsWith(':/var/lib/postgresql/data'))
    expect(volume).toBeDefined()
    expect(Object.keys(compose.volumes ?? {})).toContain(volume?.split(':')[0])
    expect(JSON.stringify(db.healthcheck?.test)).toMatch(/pg_isready/)
    expect(app.depends_on?.db?.condition).toBe('service_healthy')
  })

  it('gives the app, from its env file, every variable production requires', () => {
    expect(app.build).toBeDefined()
    expect([app.env_file].flat()).toContain('.env.production')
    const provided = { ...example, ...app.environment }
    expect(requiredInProduction().sort()).toEqual([
      'BETTER_AUTH_SECRET',
      'DATABASE_URL',
      'PUBLIC_URL',
      'SMTP_URL',
    ])
    for (const name of requiredInProduction()) expect(provided, name).toHaveProperty(name)
    const env = loadEnv(provided)
    expect(env.NODE_ENV).toBe('production')
    expect(env.HOST).toBe('0.0.0.0')
    // The app reaches the compose service `db` with the password PostgreSQL is given.
    const url = new URL(env.DATABASE_URL ?? '')
    expect(url.hostname).toBe('db')
    expect(decodeURIComponent(url.password)).toBe(example.POSTGRES_PASSWORD)
    expect(db.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD\b/)
  })
})
