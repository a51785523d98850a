import { PlayersList } from '#web/features/admin/components/players-list'

export function AdminPlayersPage() {
  return <PlayersList />
}
