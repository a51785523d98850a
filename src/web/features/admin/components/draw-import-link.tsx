import { FileUp } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** "Import draw": the tournament's round of 16 from a CSV or JSON file (docs/product.md "Importing a draw"). */
export function DrawImportLink({ tournament }: { tournament: { id: string; name: string } }) {
  const { t } = useTranslation()
  return (
    <Link
      to={`/admin/tournaments/${tournament.id}/draw`}
      aria-label={t('admin.draw.linkFor', { name: tournament.name })}
      className="inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-brand hover:bg-surface-2"
    >
      <FileUp aria-hidden="true" className="size-4" />
      {t('admin.draw.link')}
    </Link>
  )
}
