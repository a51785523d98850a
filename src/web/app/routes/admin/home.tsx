import { AdminDashboard } from '../../../features/admin/components/admin-dashboard'

export function AdminHomePage() {
  return <AdminDashboard />
}
