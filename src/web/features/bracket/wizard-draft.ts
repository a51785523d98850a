// Picks in progress survive a reload: kept in the browser per user and tournament until the bet
// is placed. Storage may be blocked (private mode); then the wizard simply starts empty. What is
// read back is only a hint: the wizard re-checks it against the current draw (restoreWizardState).
import { z } from 'zod'
import { isWizardStep, type WizardStep } from '#domain/wizard/wizard'

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export interface WizardDraft {
  readonly picks: Readonly<Record<string, string>>
  readonly mvpPlayerId: string | null
  /** The tiebreaker as typed (checked for 12–39 when the review opens); null: not yet. */
  readonly finalTotalGames: number | null
  readonly step: WizardStep
}

const DraftSchema = z.object({
  picks: z.record(z.string().max(100), z.string().max(100)),
  mvpPlayerId: z.string().max(100).nullable(),
  // Drafts kept before the tiebreaker was asked have none.
  finalTotalGames: z.number().finite().nullable().default(null),
  step: z.string().transform((step): WizardStep => (isWizardStep(step) ? step : 'round16')),
})

export function wizardDraftKey(userId: string, tournamentId: string): string {
  return `golden-point.wizard-draft.${userId}.${tournamentId}`
}

function browserStorage(): DraftStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}

export function readWizardDraft(
  userId: string,
  tournamentId: string,
  storage = browserStorage(),
): WizardDraft | null {
  try {
    const text = storage?.getItem(wizardDraftKey(userId, tournamentId))
    if (!text) return null
    const parsed = DraftSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function hasWizardDraft(
  userId: string,
  tournamentId: string,
  storage = browserStorage(),
): boolean {
  return readWizardDraft(userId, tournamentId, storage) !== null
}

/** Keeps the draft; an empty one (no pick, no MVP) is removed instead. */
export function writeWizardDraft(
  userId: string,
  tournamentId: string,
  draft: WizardDraft,
  storage = browserStorage(),
): void {
  const isEmpty =
    Object.keys(draft.picks).length === 0 &&
    draft.mvpPlayerId === null &&
    draft.finalTotalGames === null
  if (isEmpty) {
    clearWizardDraft(userId, tournamentId, storage)
    return
  }
  try {
    storage?.setItem(wizardDraftKey(userId, tournamentId), JSON.stringify(draft))
  } catch {
    // Storage full or blocked: the picks live only as long as the page.
  }
}

export function clearWizardDraft(
  userId: string,
  tournamentId: string,
  storage = browserStorage(),
): void {
  try {
    storage?.removeItem(wizardDraftKey(userId, tournamentId))
  } catch {
    // Nothing stored, nothing to clear.
  }
}
