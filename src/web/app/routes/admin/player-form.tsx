import { UserRound } from 'lucide-react'
import { AdminResourceForm } from '../../../features/admin/components/admin-placeholders'

/** /admin/players/new and /admin/players/:id/edit */
export function AdminPlayerFormPage() {
  return <AdminResourceForm resource="players" icon={UserRound} />
}
