import { AdminDashboard } from '#web/features/admin/components/admin-dashboard'

export function AdminHomePage() {
  return <AdminDashboard />
}
