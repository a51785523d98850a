import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { Spinner } from '#web/components/ui/spinner'
import { firstPredictionTarget } from '#web/features/dashboard/my-brackets'
import { useTournaments } from '#web/lib/queries/tournaments'

/**
 * /tournaments/next, the installed app's "next tournament" shortcut (docs/product.md "The app on a phone: push notifications, installing, offline"): the
 * next tournament open for predictions, or the list when none is.
 */
export function NextTournamentPage() {
  const { t } = useTranslation()
  const tournaments = useTournaments()
  if (tournaments.isPending) {
    return <Spinner label={t('next_tournament.loading')} className="py-16" />
  }
  const target = tournaments.data
    ? firstPredictionTarget(tournaments.data.tournaments)
    : '/tournaments'
  return <Navigate replace to={target} />
}
