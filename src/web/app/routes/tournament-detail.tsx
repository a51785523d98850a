import { useParams } from 'react-router'
import { LiveMark } from '../../components/live-mark'
import { TournamentDetailView } from '../../features/tournaments/components/tournament-detail-view'
import { useLiveTournament } from '../../lib/live'

export function TournamentDetailPage() {
  const { id = '' } = useParams()
  // Results, the MVP and the status arrive while the page is open (docs/decisions/089).
  const live = useLiveTournament(id)
  // A new id is a new page: reset the wizard and dialogs rather than carry them over.
  return (
    <>
      <LiveMark state={live} className="mx-auto -mb-8 max-w-6xl px-4 pt-4 sm:-mb-12 sm:px-6" />
      <TournamentDetailView key={id} id={id} />
    </>
  )
}
