import { LayoutDashboard } from 'lucide-react'
import { AdminSection } from '../../../features/admin/components/admin-placeholders'

export function AdminHomePage() {
  return <AdminSection section="home" icon={LayoutDashboard} />
}
