import { UsersRound } from 'lucide-react'
import { AdminResourceForm } from '../../../features/admin/components/admin-placeholders'

/** /admin/teams/new and /admin/teams/:id/edit */
export function AdminTeamFormPage() {
  return <AdminResourceForm resource="teams" icon={UsersRound} />
}
