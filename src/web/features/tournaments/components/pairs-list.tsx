import { useTranslation } from 'react-i18next'
import type { Pair, PlayerSummary } from '#shared/schemas/tournament'

/**
 * Every pair with its stats and both players (docs/product.md "Screens and routes" Tournament detail): one table
 * row per pair, where a card each once repeated "seed … ranking" and took a phone's screen for
 * two pairs (issue #29). A phone shows seed, names, rank and record; the win rate, titles and
 * each player's country and ranking join from the small breakpoint up.
 */
export function PairsList({ pairs }: { pairs: readonly Pair[] }) {
  const { t } = useTranslation()
  if (pairs.length === 0) {
    return <p className="text-sm text-muted">{t('tournament_detail.no_pairs')}</p>
  }
  // The pair column takes the width left; the figures keep theirs, on one line.
  const head = 'w-px px-2 py-2 text-xs font-semibold whitespace-nowrap text-muted'
  return (
    <div className="overflow-hidden rounded-xl border border-line bg-surface">
      <table data-testid="pairs-list" className="w-full text-left text-sm">
        <thead className="bg-surface-2">
          <tr>
            <th scope="col" className={`${head} text-center`}>
              <span aria-hidden="true">#</span>
              <span className="sr-only">{t('tournament_detail.pairs_table.seed')}</span>
            </th>
            <th scope="col" className="px-2 py-2 text-xs font-semibold text-muted">
              {t('tournament_detail.pairs_table.pair')}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t('tournament_detail.pairs_table.ranking')}
            </th>
            <th scope="col" className={`${head} text-right`}>
              <span aria-hidden="true">{t('tournament_detail.pairs_table.record')}</span>
              <span className="sr-only">{t('tournament_detail.pairs_table.record_full')}</span>
            </th>
            <th scope="col" className={`${head} hidden text-right sm:table-cell`}>
              {t('tournament_detail.stats.win_rate')}
            </th>
            <th scope="col" className={`${head} hidden text-right sm:table-cell`}>
              {t('tournament_detail.stats.titles')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {pairs.map((pair) => (
            <tr key={pair.id} data-testid="pair-row" className="align-top">
              <td
                data-testid="pair-seed"
                className="px-2 py-2 text-center font-bold whitespace-nowrap text-muted tabular-nums"
              >
                {pair.seed ?? '—'}
              </td>
              <td className="w-full px-2 py-2">
                <PlayerLine player={pair.player1} />
                <PlayerLine player={pair.player2} />
              </td>
              <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                {pair.ranking}
              </td>
              <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                {pair.wins}–{pair.losses}
              </td>
              <td className="hidden px-2 py-2 text-right whitespace-nowrap tabular-nums sm:table-cell">
                {pair.winRate === null ? '—' : `${pair.winRate}%`}
              </td>
              <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell">
                {pair.titles}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function PlayerLine({ player }: { player: PlayerSummary }) {
  const { t } = useTranslation()
  return (
    <span className="flex items-baseline gap-x-1.5">
      <span className="min-w-0 font-semibold break-words text-fg">{player.name}</span>
      <span className="hidden shrink-0 text-xs text-muted sm:inline">
        {player.country} · {t('tournament_detail.ranking_short', { ranking: player.ranking })}
      </span>
    </span>
  )
}
