import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useContestParam } from '#web/components/contest-switch'
import { Alert } from '#web/components/ui/alert'
import { isNotFound, useFanBracket } from '#web/features/brackets/api/brackets'
import {
  BracketPageFrame,
  type BracketPageState,
} from '#web/features/brackets/components/bracket-page-frame'
import { FanBracketView } from '#web/features/brackets/components/fan-bracket-view'
import { CompareSummary } from '#web/features/brackets/components/compare-summary'
import { winnersByMatch } from '#web/features/brackets/popular-winners'
import { useTournament } from '#web/features/tournaments/api/tournaments'
import { useLiveTournament } from '#web/lib/live'
import { pairsById } from '#web/lib/pair-names'
import { useSession } from '#web/lib/session'

// Two brackets compared: both champions side by side and the list of every match where they
// differ first, then the two trees (side by side on a wide screen, stacked on a phone), each pick
// that differs marked on both (docs/product.md "Fans' brackets and the People's Bracket"); with ?contest=second_chance the two
// second-chance brackets (§19).

export function CompareBracketsPage() {
  const { id = '', username = '' } = useParams()
  const { t } = useTranslation()
  const session = useSession()
  const myName = session.status === 'signed-in' ? session.me.user.username : ''
  useLiveTournament(id)
  const tournament = useTournament(id)
  const [contest] = useContestParam()
  const theirs = useFanBracket(id, username, { contest })
  const mine = useFanBracket(id, myName, { enabled: myName !== '', contest })
  const contestQuery = contest === 'main' ? '' : `?contest=${contest}`
  const pairs = useMemo(() => pairsById(tournament.data?.pairs ?? []), [tournament.data?.pairs])
  const myWinners = useMemo(() => winnersByMatch(mine.data?.picks ?? []), [mine.data?.picks])
  const theirWinners = useMemo(() => winnersByMatch(theirs.data?.picks ?? []), [theirs.data?.picks])

  let state: BracketPageState
  if (isNotFound(theirs.error) || isNotFound(tournament.error)) {
    state = { status: 'not-found' }
  } else if (theirs.error || tournament.error || (mine.error && !isNotFound(mine.error))) {
    state = {
      status: 'error',
      error: theirs.error ?? tournament.error ?? mine.error,
      retry: () => void Promise.all([theirs.refetch(), tournament.refetch(), mine.refetch()]),
    }
  } else if (!theirs.data || !tournament.data || (mine.isPending && !mine.error)) {
    state = { status: 'loading' }
  } else {
    const other = theirs.data
    state = {
      status: 'ready',
      title: t(
        contest === 'main' ? 'brackets.compare.title' : 'brackets.compare.title_second_chance',
      ),
      content: (
        <div className="flex flex-col gap-6">
          {mine.data ? (
            <CompareSummary mine={mine.data} theirs={other} pairs={pairs} />
          ) : (
            <Alert tone="info" title={t('brackets.compare.no_bracket_of_mine')} />
          )}
          <div className="grid min-w-0 gap-8 xl:grid-cols-2">
            {mine.data && (
              <section aria-labelledby="compare-mine" className="min-w-0">
                <h2 id="compare-mine" className="mb-3 text-xl font-bold">
                  {t('brackets.compare.mine')}
                </h2>
                <FanBracketView
                  bracket={mine.data}
                  pairs={pairs}
                  comparedWith={theirWinners}
                  testId="compare-mine"
                />
              </section>
            )}
            <section aria-labelledby="compare-theirs" className="min-w-0">
              <h2 id="compare-theirs" className="mb-3 text-xl font-bold">
                <Link
                  to={`/tournaments/${encodeURIComponent(id)}/brackets/${encodeURIComponent(username)}${contestQuery}`}
                  className="underline-offset-4 hover:underline"
                >
                  {t('brackets.compare.theirs', { username: other.username })}
                </Link>
              </h2>
              <FanBracketView
                bracket={other}
                pairs={pairs}
                comparedWith={mine.data ? myWinners : undefined}
                testId="compare-theirs"
              />
            </section>
          </div>
        </div>
      ),
    }
  }
  return (
    <BracketPageFrame
      tournamentId={id}
      description={t('brackets.compare.description')}
      state={state}
    />
  )
}
