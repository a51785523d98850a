import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { SharedSeason } from '#shared/schemas/season'
import { ShareLinkButton } from '#web/components/share-link-button'
import { useNumberFormat } from '#web/lib/format'
import { seasonShareImageUrlOf, seasonShareUrlOf } from '#web/lib/share-link'
import { ordinalOf, seasonCardVersion } from '../season-view-model'

/** The words of a season card for screen readers: what the image shows. */
export function useSeasonCardAlt(card: SharedSeason): string {
  const { t, i18n } = useTranslation()
  const number = useNumberFormat()
  return t('seasons.share_image_alt', {
    username: card.username,
    season: card.season.name,
    place: ordinalOf(card.rank, i18n.language),
    fans: number.format(card.fans),
    played: number.format(card.played),
    counted: number.format(card.counted),
    correct: number.format(card.correct),
    coins: number.format(card.coinsWon),
  })
}

/**
 * My season's share section (docs/product.md "Seasons"): the card as anyone with the link will see it,
 * the device's share sheet (or the clipboard) for the link, and the page itself.
 */
export function SeasonShareCard({ card, title }: { card: SharedSeason; title: string }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.resolvedLanguage ?? i18n.language
  const alt = useSeasonCardAlt(card)
  const pagePath = `/season-share/${encodeURIComponent(card.shareId)}?lang=${lang === 'en' ? 'en' : 'es'}`
  return (
    <section
      aria-labelledby="my-season-share"
      data-testid="my-season-share"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-6"
    >
      <h2 id="my-season-share" className="text-lg font-bold text-fg">
        {t('seasons.share_title')}
      </h2>
      <p className="text-sm text-muted">{t('seasons.share_hint')}</p>
      <img
        src={seasonShareImageUrlOf(card.shareId, lang, seasonCardVersion(card))}
        alt={alt}
        width={1200}
        height={630}
        loading="lazy"
        className="h-auto w-full max-w-xl rounded-xl border border-line"
      />
      <div className="flex flex-wrap items-start gap-x-4 gap-y-1">
        <ShareLinkButton
          url={seasonShareUrlOf(card.shareId, lang)}
          title={title}
          label={t('seasons.share_button')}
        />
        <Link
          to={pagePath}
          data-testid="my-season-share-page"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand underline-offset-4 hover:underline"
        >
          {t('seasons.share_open')}
        </Link>
      </div>
    </section>
  )
}
