import { Hono } from 'hono'
import type { AppEnv } from '../../app-env'
import type { Database } from '../../db/client'
import { getPublicStats } from './stats.service'

export function createStatsRoutes({ db }: { db: Database }) {
  return new Hono<AppEnv>().get('/', async (c) => c.json(await getPublicStats(db), 200))
}
