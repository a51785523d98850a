import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { TOURNAMENT_STATUSES } from '#domain/tournament/tournament'

interface Translation {
  admin: { statuses: Record<string, string> }
  tournaments: { status: Record<string, string> }
}

function read(language: string): Translation {
  const url = new URL(`../../../../public/locales/${language}/translation.json`, import.meta.url)
  return JSON.parse(readFileSync(url, 'utf8')) as Translation
}

describe('tournament status labels', () => {
  it.each(['es', 'en'])('read the same for admins and fans in %s', (language) => {
    const { admin, tournaments } = read(language)
    for (const status of TOURNAMENT_STATUSES) {
      expect(admin.statuses[status], status).toBe(tournaments.status[status])
    }
  })
})
