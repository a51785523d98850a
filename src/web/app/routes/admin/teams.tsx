import { TeamsList } from '#web/features/admin/components/teams-list'

export function AdminTeamsPage() {
  return <TeamsList />
}
