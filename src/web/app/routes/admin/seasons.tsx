import { SeasonsAdmin } from '#web/features/admin/components/seasons-admin'

export function AdminSeasonsPage() {
  return <SeasonsAdmin />
}
