import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '#web/components/ui/button'
import { cn } from '#web/lib/cn'
import { useNumberFormat } from '#web/lib/format'

/** Where a paged list stands: `pages` when the total is known, else whether more follow. */
export type PagerPosition = { page: number; pages: number } | { page: number; hasMore: boolean }

/** The page the Previous button goes to: the last page when `page` went past it (rows deleted). */
export function previousPage(position: PagerPosition): number {
  const previous = position.page - 1
  return 'pages' in position ? Math.max(1, Math.min(previous, position.pages)) : previous
}

export function isLastPage(position: PagerPosition): boolean {
  return 'pages' in position ? position.page >= position.pages : !position.hasMore
}

/** The arrows make room for "Page 12 of 40" on one line on the narrowest phones. */
const CHEVRON = 'hidden size-4 min-[25rem]:block'

/**
 * Previous / "Page 2 of 4" (or "Page 2" when the total is unknown) / Next, for every paged list:
 * plain buttons (Tab, Enter, Space) of at least 44 px, disabled at the ends, named by `label`
 * (what they page through). Hidden when everything fits on one page.
 */
export function Pager({
  label,
  onPage,
  testId,
  className,
  ...position
}: PagerPosition & {
  label: string
  onPage: (page: number) => void
  testId?: string
  className?: string
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const last = isLastPage(position)
  if (position.page <= 1 && last) return null
  return (
    <nav
      aria-label={label}
      data-testid={testId}
      className={cn('flex items-center justify-between gap-2', className)}
    >
      <Button
        variant="secondary"
        className="px-3"
        disabled={position.page <= 1}
        onClick={() => onPage(previousPage(position))}
      >
        <ChevronLeft aria-hidden="true" className={CHEVRON} />
        {t('common.pager.previous')}
      </Button>
      <span
        className="text-center text-sm whitespace-nowrap text-muted tabular-nums"
        aria-live="polite"
      >
        {'pages' in position
          ? t('common.pager.page_of', {
              page: number.format(position.page),
              pages: number.format(position.pages),
            })
          : t('common.pager.page', { page: number.format(position.page) })}
      </span>
      <Button
        variant="secondary"
        className="px-3"
        disabled={last}
        onClick={() => onPage(position.page + 1)}
      >
        {t('common.pager.next')}
        <ChevronRight aria-hidden="true" className={CHEVRON} />
      </Button>
    </nav>
  )
}
