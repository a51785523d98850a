import { WalletsList } from '../../../features/admin/components/wallets-list'

export function AdminWalletsPage() {
  return <WalletsList />
}
