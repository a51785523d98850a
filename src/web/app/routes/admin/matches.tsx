import { MatchesList } from '#web/features/admin/components/matches-list'

export function AdminMatchesPage() {
  return <MatchesList />
}
