import { Ban, Check, Hourglass, Users, X, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { PickMark } from '#shared/schemas/brackets'
import { cn } from '#web/lib/cn'

/**
 * A pick's mark as the bracket draws it: an icon whose shape tells the mark apart (not only its
 * colour), the badge's colours and the card's border. Both themes read them from the theme's
 * success and danger colours.
 */
export const PICK_MARKS: Record<PickMark, { icon: LucideIcon; badge: string; border: string }> = {
  correct: { icon: Check, badge: 'bg-success text-surface', border: 'border-success' },
  wrong: { icon: X, badge: 'bg-danger text-surface', border: 'border-danger' },
  alive: { icon: Hourglass, badge: 'bg-surface-2 text-fg ring-1 ring-line', border: 'border-line' },
  busted: {
    icon: Ban,
    badge: 'bg-surface-2 text-danger ring-1 ring-danger',
    border: 'border-dashed border-danger',
  },
}

const ORDER: readonly PickMark[] = ['correct', 'wrong', 'alive', 'busted']

/** The marks in words beside their icons, above a marked bracket. */
export function PickMarkLegend({
  showPopular = false,
  showDifferent = false,
}: {
  showPopular?: boolean
  showDifferent?: boolean
}) {
  const { t } = useTranslation()
  return (
    <div className="mb-4">
      <h3 className="sr-only">{t('brackets.legend')}</h3>
      <ul className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-muted" data-testid="mark-legend">
        {ORDER.map((mark) => {
          const { icon: Icon, badge } = PICK_MARKS[mark]
          return (
            <li key={mark} className="flex items-center gap-1.5">
              <span className={cn('flex size-5 items-center justify-center rounded-full', badge)}>
                <Icon aria-hidden="true" className="size-3.5" />
              </span>
              {t(`bracket.marks.${mark}`)}
            </li>
          )
        })}
        {showPopular && (
          <li className="flex items-center gap-1.5">
            <Users aria-hidden="true" className="size-4 text-brand" />
            {t('bracket.marks.popular')}
          </li>
        )}
        {showDifferent && (
          <li className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-4 rounded-sm ring-3 ring-differs ring-offset-1 ring-offset-canvas"
            />
            {t('bracket.marks.different')}
          </li>
        )}
      </ul>
    </div>
  )
}
