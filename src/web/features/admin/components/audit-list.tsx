import { ScrollText } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { AuditEntitySchema, type AuditEntity, type AuditEntry } from '#shared/schemas/admin'
import { PageContainer } from '#web/components/page-container'
import { EmptyState } from '#web/components/ui/empty-state'
import { useDateFormat } from '#web/lib/format'
import { auditDiff } from '../audit-diff'
import { useAdminUsers } from '../api/accounts'
import { useAdminAudit } from '../api/operations'
import { ResponsiveList } from '#web/components/responsive-list'
import { LoadError, LoadingBlock, SelectField } from './admin-ui'

const ENTITIES = AuditEntitySchema.options

/** The entity filter, kept in ?entity= so a reload or Back keeps the choice. */
function useEntityFilter(): [AuditEntity | undefined, (value: string) => void] {
  const [params, setParams] = useSearchParams()
  const parsed = AuditEntitySchema.safeParse(params.get('entity'))
  const setValue = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value === '') next.delete('entity')
        else next.set('entity', value)
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  return [parsed.success ? parsed.data : undefined, setValue]
}

function ChangeCell({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation()
  const changes = auditDiff(entry.before, entry.after)
  if (changes.length === 0) return <span className="text-muted">{t('admin.audit.noChange')}</span>
  return (
    <pre className="max-w-[32rem] overflow-x-auto font-mono text-xs whitespace-pre-wrap break-all">
      {changes
        .map(({ key, before, after }) => `${key ? `${key}: ` : ''}${before} → ${after}`)
        .join('\n')}
    </pre>
  )
}

/** /admin/audit: every admin write, newest first (at most 200), filtered by entity. */
export function AuditList() {
  const { t } = useTranslation()
  const dateTime = useDateFormat({ dateStyle: 'medium', timeStyle: 'medium' })
  const [entity, setEntity] = useEntityFilter()
  const query = useAdminAudit(entity)
  const users = useAdminUsers()
  const actorNames = useMemo(
    () => new Map((users.data?.users ?? []).map((user) => [user.id, user.email])),
    [users.data],
  )

  let body
  if (query.isPending) body = <LoadingBlock />
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />
  else if (query.data.entries.length === 0) {
    body = <EmptyState icon={ScrollText}>{t('admin.audit.empty')}</EmptyState>
  } else {
    body = (
      <ResponsiveList
        testId="audit-table"
        itemTestId="audit-row"
        itemData={(entry) => ({ 'data-entity': entry.entity })}
        caption={t('admin.audit.title')}
        tableFrom="lg"
        items={query.data.entries}
        itemKey={(entry) => entry.id}
        itemName={(entry) => dateTime.format(new Date(entry.at))}
        primary={{
          key: 'when',
          header: t('admin.audit.columns.when'),
          cell: (entry) => <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))}</time>,
          className: 'whitespace-nowrap',
        }}
        columns={[
          {
            key: 'who',
            header: t('admin.audit.columns.who'),
            cell: (entry) => actorNames.get(entry.actorId) ?? entry.actorId,
            className: 'break-all',
          },
          {
            key: 'action',
            header: t('admin.audit.columns.action'),
            cell: (entry) => <span className="font-mono text-xs">{entry.action}</span>,
          },
          {
            key: 'entity',
            header: t('admin.audit.columns.entity'),
            cell: (entry) => t(`admin.audit.entities.${entry.entity}`),
            phone: 'figure',
          },
          {
            key: 'entityId',
            header: t('admin.audit.columns.entityId'),
            cell: (entry) => <span className="font-mono text-xs break-all">{entry.entityId}</span>,
            phone: 'details',
          },
          {
            key: 'change',
            header: t('admin.audit.columns.change'),
            cell: (entry) => <ChangeCell entry={entry} />,
            phone: 'details',
          },
        ]}
      />
    )
  }

  return (
    <PageContainer
      title={t('admin.audit.title')}
      description={t('admin.audit.description')}
      intro={t('admin.audit.description')}
    >
      <SelectField
        label={t('admin.audit.filterLabel')}
        value={entity ?? ''}
        onChange={(event) => setEntity(event.target.value)}
        className="mb-4 max-w-sm"
      >
        <option value="">{t('admin.audit.allEntities')}</option>
        {ENTITIES.map((value) => (
          <option key={value} value={value}>
            {t(`admin.audit.entities.${value}`)}
          </option>
        ))}
      </SelectField>
      {body}
    </PageContainer>
  )
}
