import { useParams } from 'react-router'
import { PlayerForm } from '#web/features/admin/components/player-form'

/** /admin/players/new and /admin/players/:id/edit */
export function AdminPlayerFormPage() {
  const { id } = useParams()
  return <PlayerForm key={id ?? 'new'} id={id} />
}
