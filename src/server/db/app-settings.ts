import { sql } from 'drizzle-orm'
import type { Env } from '#server/env'
import type { Database } from './client'
import { appSettings } from './schema'

/**
 * Writes the settings the database reads on its own (the welcome-bonus trigger) from the
 * environment. Runs at every start-up, after the migrations.
 */
export async function applyRuntimeSettings(
  db: Database,
  env: Pick<Env, 'WELCOME_BONUS'>,
): Promise<void> {
  await db
    .insert(appSettings)
    .values({ id: 1, welcomeBonus: env.WELCOME_BONUS })
    .onConflictDoUpdate({
      target: appSettings.id,
      set: { welcomeBonus: env.WELCOME_BONUS, updatedAt: sql`now()` },
    })
}
