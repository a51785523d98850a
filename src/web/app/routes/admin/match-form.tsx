import { Swords } from 'lucide-react'
import { AdminResourceForm } from '../../../features/admin/components/admin-placeholders'

/** /admin/matches/new and /admin/matches/:id/edit */
export function AdminMatchFormPage() {
  return <AdminResourceForm resource="matches" icon={Swords} />
}
