import { UsersRound } from 'lucide-react'
import { AdminResourceList } from '../../../features/admin/components/admin-placeholders'

export function AdminTeamsPage() {
  return <AdminResourceList resource="teams" icon={UsersRound} />
}
