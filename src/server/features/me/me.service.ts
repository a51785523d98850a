import type { Context } from 'hono'
import type { Me } from '../../../shared/schemas/me'
import type { AppEnv } from '../../app-env'

/**
 * The signed-in user with role and balance, or null for a visitor.
 * Accounts arrive with the auth issue; until then nobody is signed in.
 */
export async function findSignedInUser(_c: Context<AppEnv>): Promise<Me | null> {
  return null
}
