import { Wallet } from 'lucide-react'
import { AdminSection } from '../../../features/admin/components/admin-placeholders'

export function AdminWalletsPage() {
  return <AdminSection section="wallets" icon={Wallet} />
}
