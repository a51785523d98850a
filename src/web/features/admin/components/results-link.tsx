import { ListChecks } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** "Results": the tournament's bracket, where the admin clicks each match's winner. */
export function ResultsLink({ tournament }: { tournament: { id: string; name: string } }) {
  const { t } = useTranslation()
  return (
    <Link
      to={`/admin/tournaments/${tournament.id}/results`}
      aria-label={t('admin.screens.results.linkFor', { name: tournament.name })}
      className="inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-brand hover:bg-surface-2"
    >
      <ListChecks aria-hidden="true" className="size-4" />
      {t('admin.screens.results.link')}
    </Link>
  )
}
