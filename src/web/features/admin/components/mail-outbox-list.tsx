import { useMutation, useQueryClient } from '@tanstack/react-query'
import { MailCheck, RotateCw } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import {
  MailOutboxStateSchema,
  type MailOutboxItem,
  type MailOutboxState,
} from '#shared/schemas/mail-outbox'
import { PageContainer } from '#web/components/page-container'
import { ResponsiveList } from '#web/components/responsive-list'
import { RowIconButton } from '#web/components/responsive-list-rows'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { errorKey } from '#web/lib/api-client'
import { useDateFormat } from '#web/lib/format'
import { retryAdminMail, useAdminMailOutbox } from '../api/mail-outbox'
import { LoadError, LoadingBlock, SelectField } from './admin-ui'

const STATES = MailOutboxStateSchema.options
const ALL = 'all'

/** The state filter, kept in ?state= (failed unless chosen otherwise; `all` shows every state). */
function useStateFilter(): [MailOutboxState | undefined, string, (value: string) => void] {
  const [params, setParams] = useSearchParams()
  const raw = params.get('state') ?? 'failed'
  const parsed = MailOutboxStateSchema.safeParse(raw)
  const setValue = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.set('state', value)
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  return [parsed.success ? parsed.data : undefined, parsed.success ? parsed.data : ALL, setValue]
}

type Notice = { tone: 'success' | 'error'; text: string }

/** /admin/mail-outbox: the outgoing mails (decision 091); a failed one can be sent again. */
export function MailOutboxList() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const dateTime = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' })
  const [state, selected, setState] = useStateFilter()
  const query = useAdminMailOutbox(state)
  const [notice, setNotice] = useState<Notice | null>(null)

  const retry = useMutation({
    mutationFn: (mail: MailOutboxItem) => retryAdminMail(mail.id),
    onSuccess: async (_result, mail) => {
      setNotice({ tone: 'success', text: t('admin.mailOutbox.retried', { to: mail.to }) })
      await queryClient.invalidateQueries({ queryKey: ['admin', 'mail-outbox'] })
    },
    onError: (error) => setNotice({ tone: 'error', text: t(errorKey(error)) }),
  })

  let body
  if (query.isPending) body = <LoadingBlock />
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />
  else if (query.data.length === 0) {
    body = (
      <EmptyState icon={MailCheck}>
        {state === 'failed' ? t('admin.mailOutbox.emptyFailed') : t('admin.mailOutbox.empty')}
      </EmptyState>
    )
  } else {
    body = (
      <ResponsiveList
        testId="mail-outbox-table"
        itemTestId="mail-outbox-row"
        itemData={(mail) => ({ 'data-state': mail.state })}
        caption={t('admin.mailOutbox.title')}
        tableFrom="lg"
        items={query.data}
        itemKey={(mail) => mail.id}
        itemName={(mail) => mail.to}
        primary={{
          key: 'to',
          header: t('admin.mailOutbox.columns.to'),
          cell: (mail) => <span className="break-all">{mail.to}</span>,
        }}
        columns={[
          {
            key: 'subject',
            header: t('admin.mailOutbox.columns.subject'),
            cell: (mail) => mail.subject,
          },
          {
            key: 'created',
            header: t('admin.mailOutbox.columns.created'),
            cell: (mail) => (
              <time dateTime={mail.createdAt}>{dateTime.format(new Date(mail.createdAt))}</time>
            ),
            className: 'whitespace-nowrap',
          },
          {
            key: 'state',
            header: t('admin.mailOutbox.columns.state'),
            cell: (mail) => t(`admin.mailOutbox.states.${mail.state}`),
            phone: 'figure',
          },
          {
            key: 'attempts',
            header: t('admin.mailOutbox.columns.attempts'),
            cell: (mail) => mail.attempts,
            phone: 'details',
          },
          {
            key: 'lastError',
            header: t('admin.mailOutbox.columns.lastError'),
            cell: (mail) => (
              <span className="font-mono text-xs break-all">{mail.lastError ?? '—'}</span>
            ),
            phone: 'details',
          },
        ]}
        actions={{
          header: t('admin.mailOutbox.columns.actions'),
          cell: (mail) =>
            mail.state === 'failed' ? (
              <Button
                size="sm"
                variant="secondary"
                disabled={retry.isPending}
                aria-label={t('admin.mailOutbox.retryLabel', { to: mail.to })}
                onClick={() => retry.mutate(mail)}
              >
                {t('admin.mailOutbox.retry')}
              </Button>
            ) : null,
          phone: (mail) =>
            mail.state === 'failed' ? (
              <RowIconButton
                icon={RotateCw}
                disabled={retry.isPending}
                label={t('admin.mailOutbox.retryLabel', { to: mail.to })}
                title={t('admin.mailOutbox.retry')}
                onClick={() => retry.mutate(mail)}
              />
            ) : null,
        }}
      />
    )
  }

  return (
    <PageContainer
      title={t('admin.mailOutbox.title')}
      description={t('admin.mailOutbox.description')}
      intro={t('admin.mailOutbox.description')}
    >
      <SelectField
        label={t('admin.mailOutbox.filterLabel')}
        value={selected}
        onChange={(event) => setState(event.target.value)}
        className="mb-4 max-w-sm"
      >
        {STATES.map((value) => (
          <option key={value} value={value}>
            {t(`admin.mailOutbox.states.${value}`)}
          </option>
        ))}
        <option value={ALL}>{t('admin.mailOutbox.allStates')}</option>
      </SelectField>
      {notice && (
        <Alert tone={notice.tone} className="mb-4" testId="mail-outbox-notice">
          {notice.text}
        </Alert>
      )}
      {body}
    </PageContainer>
  )
}
