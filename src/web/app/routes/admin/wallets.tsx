import { WalletsList } from '#web/features/admin/components/wallets-list'

export function AdminWalletsPage() {
  return <WalletsList />
}
