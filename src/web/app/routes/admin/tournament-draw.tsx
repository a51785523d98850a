import { useParams } from 'react-router'
import { DrawImport } from '#web/features/admin/components/draw-import'

/** /admin/tournaments/:id/draw */
export function AdminTournamentDrawPage() {
  const { id = '' } = useParams()
  return <DrawImport key={id} id={id} />
}
