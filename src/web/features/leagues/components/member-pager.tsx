import { useTranslation } from 'react-i18next'
import { Button } from '#web/components/ui/button'

/**
 * Previous / next for a paged member list: plain buttons, so Tab and Enter work, labelled with
 * what they page through. Hidden when everything fits on one page.
 */
export function MemberPager({
  page,
  hasMore,
  onPage,
  label,
}: {
  page: number
  hasMore: boolean
  onPage: (page: number) => void
  label: string
}) {
  const { t } = useTranslation()
  if (page <= 1 && !hasMore) return null
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between gap-2">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('leagues.members_previous')}
      </Button>
      <span className="text-sm text-muted">{t('leagues.members_page', { page })}</span>
      <Button variant="secondary" size="sm" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('leagues.members_next')}
      </Button>
    </nav>
  )
}
