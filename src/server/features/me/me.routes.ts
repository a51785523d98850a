import { Hono } from 'hono'
import type { AppEnv } from '../../app-env'
import { AppError } from '../../errors'
import { findSignedInUser } from './me.service'

export function createMeRoutes() {
  return new Hono<AppEnv>().get('/', async (c) => {
    const me = await findSignedInUser(c)
    if (!me) throw new AppError('UNAUTHENTICATED')
    return c.json(me, 200)
  })
}
