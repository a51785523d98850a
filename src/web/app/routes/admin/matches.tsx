import { MatchesList } from '../../../features/admin/components/matches-list'

export function AdminMatchesPage() {
  return <MatchesList />
}
