import { Trophy } from 'lucide-react'
import { AdminResourceList } from '../../../features/admin/components/admin-placeholders'

export function AdminTournamentsPage() {
  return <AdminResourceList resource="tournaments" icon={Trophy} />
}
