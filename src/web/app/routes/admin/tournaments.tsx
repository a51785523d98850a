import { TournamentsList } from '#web/features/admin/components/tournaments-list'

export function AdminTournamentsPage() {
  return <TournamentsList />
}
