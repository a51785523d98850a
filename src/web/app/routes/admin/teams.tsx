import { TeamsList } from '../../../features/admin/components/teams-list'

export function AdminTeamsPage() {
  return <TeamsList />
}
