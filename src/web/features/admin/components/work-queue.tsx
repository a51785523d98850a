import { Award, CircleCheck, HandCoins, ListChecks, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { WorkItem } from '#shared/schemas/admin'
import { EmptyState } from '#web/components/ui/empty-state'
import { useZonedDateTime } from './tournament-dates'

const KIND: Record<WorkItem['kind'], { icon: LucideIcon; to: (id: string) => string }> = {
  awaiting_results: { icon: ListChecks, to: (id) => `/admin/tournaments/${id}/results` },
  // The MVP picker and Settle live on the tournaments list.
  missing_mvp: { icon: Award, to: () => '/admin/tournaments' },
  ready_to_settle: { icon: HandCoins, to: () => '/admin/tournaments' },
}

/** The admin home's to-do list: each item says what is missing and links to where to do it. */
export function WorkQueue({ items }: { items: readonly WorkItem[] }) {
  const { t } = useTranslation()
  const zoned = useZonedDateTime()
  if (items.length === 0) {
    return <EmptyState icon={CircleCheck}>{t('admin.screens.queue.empty')}</EmptyState>
  }
  return (
    <ul data-testid="work-queue" className="flex flex-col gap-3">
      {items.map((item) => {
        const { icon: Icon, to } = KIND[item.kind]
        return (
          <li
            key={`${item.kind}-${item.tournamentId}`}
            data-testid="work-item"
            data-kind={item.kind}
            className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-4"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-2 text-brand">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words text-fg">{item.name}</p>
              <p className="text-sm text-muted">
                {t(`admin.screens.queue.kinds.${item.kind}`, {
                  count: item.openMatches,
                  date: zoned(item.bettingDeadline),
                })}
              </p>
            </div>
            <Link
              to={to(item.tournamentId)}
              aria-label={`${t(`admin.screens.queue.actions.${item.kind}`)}: ${item.name}`}
              className="inline-flex min-h-10 items-center rounded-full border border-line px-4 text-sm font-semibold text-brand hover:bg-surface-2"
            >
              {t(`admin.screens.queue.actions.${item.kind}`)}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
