// Keeping the season tables up with the settlements (docs/decisions/136). A refresher in every
// server process counts what needs counting (season-refresher.ts); without one (tests, scripts)
// a read does it first, so a read never shows a season behind its settlements.
import type { Database } from '#server/db/client'
import { applySeasonChange, findSeasonChanges } from './season-count'

const refreshedInBackground = new WeakSet<Database>()

export function setSeasonsRefreshedInBackground(db: Database, isRefreshed: boolean): void {
  if (isRefreshed) refreshedInBackground.add(db)
  else refreshedInBackground.delete(db)
}

/** Counts (or takes out) every tournament whose season disagrees with its settlement. */
export async function countPendingSeasonChanges(db: Database): Promise<number> {
  let applied = 0
  for (const change of await findSeasonChanges(db)) {
    if (await applySeasonChange(db, change)) applied += 1
  }
  return applied
}

/** Before a read: catch up now unless a refresher keeps the seasons fresh. */
export async function catchUpSeasons(db: Database): Promise<void> {
  if (!refreshedInBackground.has(db)) await countPendingSeasonChanges(db)
}
