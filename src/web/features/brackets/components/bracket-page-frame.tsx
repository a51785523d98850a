import { SearchX } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Spinner } from '#web/components/ui/spinner'
import { errorKey } from '#web/lib/api-client'

export type BracketPageState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'ready'; title: string; content: ReactNode; actions?: ReactNode }

/**
 * The frame of the bracket pages: the way back to the tournament, then loading, "not found"
 * (the same whether the bracket does not exist or is still private, decision 095), an error with
 * a retry, or the page.
 */
export function BracketPageFrame({
  tournamentId,
  description,
  state,
}: {
  tournamentId: string
  description: string
  state: BracketPageState
}) {
  const { t } = useTranslation()
  const title =
    state.status === 'ready'
      ? state.title
      : state.status === 'not-found'
        ? t('brackets.not_found_title')
        : t('brackets.compare.title')
  return (
    <PageContainer
      title={title}
      description={description}
      back={{ to: `/tournament/${encodeURIComponent(tournamentId)}`, label: t('brackets.back') }}
      actions={
        state.status === 'ready' && state.actions ? (
          <div className="flex flex-wrap items-center gap-3">{state.actions}</div>
        ) : undefined
      }
    >
      {state.status === 'loading' && <Spinner label={t('brackets.loading')} className="py-16" />}
      {state.status === 'not-found' && (
        <EmptyState icon={SearchX} title={t('brackets.not_found_title')}>
          <p data-testid="bracket-not-found">{t('brackets.not_found_body')}</p>
        </EmptyState>
      )}
      {state.status === 'error' && (
        <Alert tone="error" title={t('brackets.load_error')}>
          <p>{t(errorKey(state.error))}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={state.retry}>
            {t('common.tryAgain')}
          </Button>
        </Alert>
      )}
      {state.status === 'ready' && state.content}
    </PageContainer>
  )
}
