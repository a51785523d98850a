import { PlayersList } from '../../../features/admin/components/players-list'

export function AdminPlayersPage() {
  return <PlayersList />
}
