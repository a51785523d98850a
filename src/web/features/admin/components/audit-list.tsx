import { ScrollText } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import {
  AuditEntitySchema,
  type AuditEntity,
  type AuditEntry,
} from '../../../../shared/schemas/admin'
import { PageContainer } from '../../../components/page-container'
import { EmptyState } from '../../../components/ui/empty-state'
import { useDateFormat } from '../../../lib/format'
import { auditDiff } from '../audit-diff'
import { useAdminUsers } from '../api/accounts'
import { useAdminAudit } from '../api/operations'
import { AdminTable, LoadError, LoadingBlock, SelectField, cellClasses } from './admin-ui'

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
      <AdminTable
        testId="audit-table"
        caption={t('admin.audit.title')}
        head={[
          t('admin.audit.columns.when'),
          t('admin.audit.columns.who'),
          t('admin.audit.columns.action'),
          t('admin.audit.columns.entity'),
          t('admin.audit.columns.entityId'),
          t('admin.audit.columns.change'),
        ]}
      >
        {query.data.entries.map((entry) => (
          <tr key={entry.id} data-testid="audit-row" data-entity={entry.entity}>
            <td className={`${cellClasses} whitespace-nowrap`}>
              <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))}</time>
            </td>
            <td className={`${cellClasses} break-all`}>
              {actorNames.get(entry.actorId) ?? entry.actorId}
            </td>
            <td className={`${cellClasses} font-mono text-xs`}>{entry.action}</td>
            <td className={cellClasses}>{t(`admin.audit.entities.${entry.entity}`)}</td>
            <td className={`${cellClasses} font-mono text-xs break-all`}>{entry.entityId}</td>
            <td className={cellClasses}>
              <ChangeCell entry={entry} />
            </td>
          </tr>
        ))}
      </AdminTable>
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
