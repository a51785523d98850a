import { RotateCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { PublicStats } from '#shared/schemas/stats'
import { Button } from '#web/components/ui/button'
import { Skeleton } from '#web/components/ui/skeleton'
import { useNumberFormat } from '#web/lib/format'
import { usePublicStats } from '../api/get-public-stats'

const FIGURES: ReadonlyArray<keyof PublicStats> = ['players', 'tournaments', 'predictions']

/**
 * Live counts from the database (not marketing claims). The value slots keep their height while
 * loading so nothing shifts; when the figures cannot be loaded each shows a dash and a message says
 * so plainly.
 */
export function StatsStrip() {
  const { t } = useTranslation()
  const format = useNumberFormat()
  const { data, isPending, isError, isRefetching, refetch } = usePublicStats()

  return (
    <section aria-labelledby="stats-title" aria-busy={isPending} className="py-14 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2
          id="stats-title"
          className="text-center text-2xl font-extrabold tracking-tight sm:text-3xl"
        >
          {t('landing.stats.title')}
        </h2>
        <dl className="mt-8 grid gap-4 sm:grid-cols-3">
          {FIGURES.map((figure) => (
            <div
              key={figure}
              className="flex flex-col-reverse items-center gap-1 rounded-2xl border border-line bg-surface px-6 py-5 text-center sm:py-6"
            >
              <dt className="text-sm font-semibold tracking-wide text-muted uppercase">
                {t(`landing.stats.${figure}`)}
              </dt>
              <dd
                data-testid={`stat-${figure}`}
                className="flex h-12 items-center text-4xl font-extrabold text-fg tabular-nums sm:text-5xl"
              >
                {data ? (
                  format.format(data[figure])
                ) : isPending ? (
                  <Skeleton className="h-10 w-24" />
                ) : (
                  '—'
                )}
              </dd>
            </div>
          ))}
        </dl>
        <div
          aria-live="polite"
          className="mt-6 flex min-h-11 flex-wrap items-center justify-center gap-3"
        >
          {isPending && <p className="sr-only">{t('landing.stats.loading')}</p>}
          {isError && !data && (
            <>
              <p className="text-sm text-muted">{t('landing.stats.unavailable')}</p>
              <Button
                variant="secondary"
                size="sm"
                disabled={isRefetching}
                onClick={() => void refetch()}
              >
                <RotateCw aria-hidden="true" className="size-4" />
                {t('landing.stats.retry')}
              </Button>
            </>
          )}
        </div>
      </div>
    </section>
  )
}
