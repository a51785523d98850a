import { useParams } from 'react-router'
import { TournamentDetailView } from '../../features/tournaments/components/tournament-detail-view'

export function TournamentDetailPage() {
  const { id = '' } = useParams()
  // A new id is a new page: reset the wizard and dialogs rather than carry them over.
  return <TournamentDetailView key={id} id={id} />
}
