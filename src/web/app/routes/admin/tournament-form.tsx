import { useParams } from 'react-router'
import { TournamentForm } from '#web/features/admin/components/tournament-form'

/** /admin/tournaments/new and /admin/tournaments/:id/edit */
export function AdminTournamentFormPage() {
  const { id } = useParams()
  return <TournamentForm key={id ?? 'new'} id={id} />
}
