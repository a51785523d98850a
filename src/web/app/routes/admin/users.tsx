import { Users } from 'lucide-react'
import { AdminSection } from '../../../features/admin/components/admin-placeholders'

export function AdminUsersPage() {
  return <AdminSection section="users" icon={Users} />
}
