import { AuditList } from '#web/features/admin/components/audit-list'

export function AdminAuditPage() {
  return <AuditList />
}
