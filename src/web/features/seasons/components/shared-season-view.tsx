import { useTranslation } from 'react-i18next'
import type { SharedSeason } from '#shared/schemas/season'
import { useNumberFormat } from '#web/lib/format'
import { seasonShareImageUrlOf } from '#web/lib/share-link'
import { ordinalOf, seasonCardVersion } from '../season-view-model'
import { useSeasonCardAlt } from './season-share-card'

/**
 * A fan's season card as anyone with its link sees it (docs/product.md "Seasons"): the image in the
 * sharer's language and the same figures as text.
 */
export function SharedSeasonView({ card, lang }: { card: SharedSeason; lang: string }) {
  const { t, i18n } = useTranslation()
  const number = useNumberFormat()
  const alt = useSeasonCardAlt(card)
  const figures = [
    {
      key: 'rank',
      label: t('seasons.figures.rank'),
      value: t('seasons.place_of', {
        place: ordinalOf(card.rank, i18n.language),
        fans: number.format(card.fans),
      }),
    },
    {
      key: 'played',
      label: t('seasons.figures.played'),
      value: t('seasons.played_of', {
        played: number.format(card.played),
        counted: number.format(card.counted),
      }),
    },
    { key: 'correct', label: t('seasons.figures.correct'), value: number.format(card.correct) },
    { key: 'best', label: t('seasons.figures.best'), value: card.bestTournament ?? '—' },
    { key: 'coins', label: t('seasons.figures.coins_won'), value: number.format(card.coinsWon) },
  ]
  return (
    <div className="flex flex-col gap-6" data-testid="shared-season">
      <img
        src={seasonShareImageUrlOf(card.shareId, lang, seasonCardVersion(card))}
        alt={alt}
        width={1200}
        height={630}
        className="h-auto w-full rounded-2xl border border-line"
      />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div
            key={figure.key}
            data-figure={figure.key}
            className="min-w-0 rounded-2xl border border-line bg-surface p-3 sm:p-4"
          >
            <dt className="text-xs font-semibold text-muted">{figure.label}</dt>
            <dd className="mt-1 text-lg font-bold break-words text-fg">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
