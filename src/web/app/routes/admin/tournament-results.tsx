import { useParams } from 'react-router'
import { ResultsBracket } from '#web/features/admin/components/results-bracket'

/** /admin/tournaments/:id/results */
export function AdminTournamentResultsPage() {
  const { id = '' } = useParams()
  return <ResultsBracket key={id} id={id} />
}
