import { useParams } from 'react-router'
import { ResultsBracket } from '../../../features/admin/components/results-bracket'

/** /admin/tournaments/:id/results */
export function AdminTournamentResultsPage() {
  const { id = '' } = useParams()
  return <ResultsBracket key={id} id={id} />
}
