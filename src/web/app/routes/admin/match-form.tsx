import { useParams } from 'react-router'
import { MatchForm } from '#web/features/admin/components/match-form'

/** /admin/matches/new and /admin/matches/:id/edit */
export function AdminMatchFormPage() {
  const { id } = useParams()
  return <MatchForm key={id ?? 'new'} id={id} />
}
