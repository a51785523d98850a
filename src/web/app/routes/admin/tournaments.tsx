import { TournamentsList } from '../../../features/admin/components/tournaments-list'

export function AdminTournamentsPage() {
  return <TournamentsList />
}
