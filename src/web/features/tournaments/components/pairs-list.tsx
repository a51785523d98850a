import { useTranslation } from 'react-i18next'
import type { Pair, PlayerSummary } from '#shared/schemas/tournament'

/** Every pair with its stats and both players (docs/product.md §2 Tournament detail). */
export function PairsList({ pairs }: { pairs: readonly Pair[] }) {
  const { t } = useTranslation()
  if (pairs.length === 0) {
    return <p className="text-sm text-muted">{t('tournament_detail.no_pairs')}</p>
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="pairs-list">
      {pairs.map((pair) => (
        <li key={pair.id} className="rounded-xl border border-line bg-surface p-4">
          <div className="mb-2 flex items-center justify-between gap-2 text-xs font-semibold text-muted">
            <span data-testid="pair-seed" className="whitespace-nowrap">
              {pair.seed !== null ? t('tournament_detail.seed', { seed: pair.seed }) : ''}
            </span>
            <span className="whitespace-nowrap">
              {t('tournament_detail.ranking_short', { ranking: pair.ranking })}
            </span>
          </div>
          <ul className="flex flex-col gap-1">
            <PlayerLine player={pair.player1} />
            <PlayerLine player={pair.player2} />
          </ul>
          <dl className="mt-3 grid grid-cols-4 gap-1 text-center text-xs">
            {(
              [
                ['wins', String(pair.wins)],
                ['losses', String(pair.losses)],
                ['win_rate', pair.winRate === null ? '—' : `${pair.winRate}%`],
                ['titles', String(pair.titles)],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="rounded-lg bg-surface-2 px-1 py-1.5">
                <dt className="text-muted">{t(`tournament_detail.stats.${key}`)}</dt>
                <dd className="font-bold text-fg tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  )
}

function PlayerLine({ player }: { player: PlayerSummary }) {
  const { t } = useTranslation()
  return (
    <li className="flex items-baseline justify-between gap-2">
      <span className="min-w-0 truncate font-semibold text-fg">{player.name}</span>
      <span className="shrink-0 text-xs text-muted">
        {player.country} · {t('tournament_detail.ranking_short', { ranking: player.ranking })}
      </span>
    </li>
  )
}
