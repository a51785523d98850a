import { Swords } from 'lucide-react'
import { AdminResourceList } from '../../../features/admin/components/admin-placeholders'

export function AdminMatchesPage() {
  return <AdminResourceList resource="matches" icon={Swords} />
}
