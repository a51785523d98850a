import { Undo2, X } from 'lucide-react'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import type { PlayerSummary } from '#shared/schemas/tournament'
import { Button } from '#web/components/ui/button'
import type { ClearedByChange } from '../use-wizard-model'
import { pairName, type PairsById } from '#web/lib/pair-names'

interface ClearedPicksNoticeProps {
  cleared: ClearedByChange | null
  pairs: PairsById
  players: ReadonlyMap<string, PlayerSummary>
  onUndo: () => void
  onDismiss: () => void
}

/**
 * Says which later picks (and MVP) a change cleared, with undo (decision 071). The live region
 * stays mounted so that screen readers announce the message when it appears.
 */
export const ClearedPicksNotice = memo(function ClearedPicksNotice({
  cleared,
  pairs,
  players,
  onUndo,
  onDismiss,
}: ClearedPicksNoticeProps) {
  const { t } = useTranslation()
  const count = (cleared?.picks.length ?? 0) + (cleared?.mvpPlayerId ? 1 : 0)
  return (
    // display: contents: an empty notice takes no gap in the wizard, and the live region stays.
    <div aria-live="polite" aria-atomic="true" className="contents">
      {cleared && (
        <div
          data-testid="cleared-picks"
          className="rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm text-fg"
        >
          <div className="flex items-start gap-2">
            <p className="min-w-0 flex-1 font-semibold">{t('wizard.cleared.title', { count })}</p>
            <button
              type="button"
              onClick={onDismiss}
              className="-m-1 rounded-full p-1.5 text-muted hover:bg-surface"
            >
              <X aria-hidden="true" className="size-4" />
              <span className="sr-only">{t('wizard.cleared.dismiss')}</span>
            </button>
          </div>
          <ul className="mt-1 list-disc pl-5 text-muted">
            {cleared.picks.map((pick) => (
              <li key={pick.matchId} data-testid="cleared-pick">
                {t('wizard.cleared.pick', {
                  round: t(`bracket.rounds.${pick.round}`),
                  number: pick.matchNumber,
                  pair: pairName(pairs.get(pick.teamId)),
                })}
              </li>
            ))}
            {cleared.mvpPlayerId && (
              <li data-testid="cleared-mvp">
                {t('wizard.cleared.mvp', { name: players.get(cleared.mvpPlayerId)?.name ?? '' })}
              </li>
            )}
          </ul>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={onUndo}
            data-testid="undo-change"
          >
            <Undo2 aria-hidden="true" className="size-4" />
            {t('wizard.cleared.undo')}
          </Button>
        </div>
      )}
    </div>
  )
})
