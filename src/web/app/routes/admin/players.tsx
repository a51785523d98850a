import { UserRound } from 'lucide-react'
import { AdminResourceList } from '../../../features/admin/components/admin-placeholders'

export function AdminPlayersPage() {
  return <AdminResourceList resource="players" icon={UserRound} />
}
