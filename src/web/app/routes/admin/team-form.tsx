import { useParams } from 'react-router'
import { TeamForm } from '#web/features/admin/components/team-form'

/** /admin/teams/new and /admin/teams/:id/edit */
export function AdminTeamFormPage() {
  const { id } = useParams()
  return <TeamForm key={id ?? 'new'} id={id} />
}
