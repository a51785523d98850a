import { Trophy } from 'lucide-react'
import { AdminResourceForm } from '../../../features/admin/components/admin-placeholders'

/** /admin/tournaments/new and /admin/tournaments/:id/edit */
export function AdminTournamentFormPage() {
  return <AdminResourceForm resource="tournaments" icon={Trophy} />
}
