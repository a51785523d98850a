import { AuditList } from '../../../features/admin/components/audit-list'

export function AdminAuditPage() {
  return <AuditList />
}
