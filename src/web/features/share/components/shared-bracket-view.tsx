import { Ban, Download, Lock, Undo2 } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { SharedBracket, SharedBracketBody } from '#shared/schemas/share'
import { BracketTree } from '#web/components/bracket-tree'
import { ShareLinkButton } from '#web/components/share-link-button'
import { buttonClasses } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { slotsFromFanPicks, toColumns } from '#web/lib/bracket-view'
import { useDateFormat, useNumberFormat } from '#web/lib/format'
import { pairsById } from '#web/lib/pair-names'
import { shareImageUrlOf, shareUrlOf } from '#web/lib/share-link'

/** Who entered which tournament, its card, the share actions and — after the deadline — the picks. */
export function SharedBracketView({ share, title }: { share: SharedBracket; title: string }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? 'es'
  const number = useNumberFormat()
  const date = useDateFormat({ dateStyle: 'long', timeStyle: 'short' })
  const { bracket } = share
  // The address changes with what the card says, so the browser fetches the redrawn image.
  const version = bracket ? `${bracket.correct}-${bracket.maxPossible}` : share.phase
  const imageUrl = shareImageUrlOf(share.shareId, language, version)

  return (
    <div className="flex min-w-0 flex-col gap-8">
      <section aria-label={t('share.card_label')} className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <img
          src={imageUrl}
          alt={title}
          width={1200}
          height={630}
          data-testid="share-card"
          className="h-auto w-full rounded-2xl border border-line bg-court-950 shadow-sm"
        />
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-2 gap-4">
            <div>
              <dt className="text-sm text-muted">{t('share.pool')}</dt>
              <dd className="text-2xl font-bold text-fg" data-testid="share-pool">
                {t('share.coins', { amount: number.format(share.pool.currentPrizePool) })}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted">{t('share.entrants')}</dt>
              <dd className="text-2xl font-bold text-fg">
                {number.format(share.pool.participantCount)}
              </dd>
            </div>
            {bracket && (
              <div className="col-span-2">
                <dt className="text-sm text-muted">{t('share.correct_so_far')}</dt>
                <dd className="text-2xl font-bold text-fg" data-testid="share-correct">
                  {t('share.correct_of', {
                    correct: number.format(bracket.correct),
                    total: number.format(bracket.total),
                  })}
                  <span className="ml-2 text-sm font-normal text-muted">
                    {t('share.still_possible', { max: number.format(bracket.maxPossible) })}
                  </span>
                </dd>
              </div>
            )}
          </dl>
          <div className="flex flex-wrap items-start gap-3">
            <ShareLinkButton
              url={shareUrlOf(share.shareId, language)}
              title={title}
              label={t('share.share')}
            />
            <a
              href={imageUrl}
              download={`golden-point-${share.shareId.slice(0, 8)}.png`}
              className={buttonClasses('secondary')}
            >
              <Download aria-hidden="true" className="size-4" />
              {t('share.download_image')}
            </a>
          </div>
        </div>
      </section>

      {share.phase === 'entered' && (
        <EmptyState icon={Lock} title={t('share.picks_hidden_title')}>
          <p>
            {t('share.picks_hidden_body', {
              deadline: date.format(new Date(share.tournament.bettingDeadline)),
            })}
          </p>
        </EmptyState>
      )}
      {share.phase === 'cancelled' && (
        <EmptyState icon={Undo2} title={t('share.cancelled_title')}>
          <p>{t('share.cancelled_body')}</p>
        </EmptyState>
      )}
      {bracket && <SharedPicks bracket={bracket} username={share.username} />}
    </div>
  )
}

function SharedPicks({ bracket, username }: { bracket: SharedBracketBody; username: string }) {
  const { t } = useTranslation()
  const columns = useMemo(() => toColumns(slotsFromFanPicks(bracket.picks)), [bracket.picks])
  const pairs = useMemo(() => pairsById(bracket.pairs), [bracket.pairs])
  return (
    <section aria-labelledby="shared-picks-title" className="min-w-0" data-testid="shared-picks">
      <h2 id="shared-picks-title" className="mb-2 text-2xl font-bold">
        {t('share.picks_title', { username })}
      </h2>
      <ul className="mb-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {bracket.champion && (
          <li data-testid="share-champion">
            <span className="font-semibold">{t('share.champion')}:</span> {bracket.champion.name}{' '}
            <MarkText mark={bracket.champion.mark} />
          </li>
        )}
        {bracket.mvp && (
          <li data-testid="share-mvp">
            <span className="font-semibold">{t('share.mvp')}:</span> {bracket.mvp.name}{' '}
            <MarkText mark={bracket.mvp.mark} />
          </li>
        )}
      </ul>
      <p className="mb-4 flex items-center gap-2 text-sm text-muted">
        <Ban aria-hidden="true" className="size-4 text-danger" />
        {t('share.legend')}
      </p>
      <BracketTree
        columns={columns}
        pairs={pairs}
        label={t('share.picks_title', { username })}
        pickLabel={t('share.their_pick')}
      />
    </section>
  )
}

function MarkText({ mark }: { mark: 'correct' | 'wrong' | 'alive' | 'busted' | 'open' }) {
  const { t } = useTranslation()
  const tone =
    mark === 'correct' ? 'text-success' : mark === 'wrong' || mark === 'busted' ? 'text-danger' : ''
  return <span className={tone || 'text-muted'}>({t(`share.marks.${mark}`)})</span>
}
