import { CircleCheck, Crown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { PlayerSummary } from '#shared/schemas/tournament'
import { Alert } from '#web/components/ui/alert'
import { cn } from '#web/lib/cn'

interface MvpPickerProps {
  candidates: readonly string[]
  players: ReadonlyMap<string, PlayerSummary>
  chosenId: string | null
  onChoose: (playerId: string) => void
}

/**
 * The MVP step: the two players of the predicted champion. Buttons, not radios: choosing one
 * opens the review (spec), which an arrow key must not do by accident.
 */
export function MvpPicker({ candidates, players, chosenId, onChoose }: MvpPickerProps) {
  const { t } = useTranslation()
  if (candidates.length === 0) {
    return <Alert tone="info">{t('bracket.complete_final_first')}</Alert>
  }
  return (
    <div role="group" aria-label={t('bracket.choose_mvp')} className="grid gap-3 sm:grid-cols-2">
      <p className="text-sm text-muted sm:col-span-2">{t('bracket.mvp_hint')}</p>
      {candidates.map((playerId) => {
        const player = players.get(playerId)
        const isChosen = chosenId === playerId
        return (
          <button
            key={playerId}
            type="button"
            aria-pressed={isChosen}
            data-testid="mvp-option"
            onClick={() => onChoose(playerId)}
            className={cn(
              'flex min-h-14 items-center gap-3 rounded-xl border px-4 py-3 text-left transition-colors motion-reduce:transition-none',
              isChosen
                ? 'border-brand bg-accent/30 font-semibold'
                : 'border-line bg-surface hover:bg-surface-2',
            )}
          >
            <Crown aria-hidden="true" className="size-5 shrink-0 text-coin" />
            <span className="min-w-0 flex-1">
              <span className="block text-fg">{player?.name}</span>
              <span className="block text-xs text-muted">
                {player?.country} ·{' '}
                {t('tournament_detail.ranking_short', { ranking: player?.ranking })}
              </span>
            </span>
            {isChosen && <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-brand" />}
          </button>
        )
      })}
    </div>
  )
}
