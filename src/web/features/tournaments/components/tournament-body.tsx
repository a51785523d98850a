import { useMemo, useState, type ReactElement, type ReactNode } from 'react'
import { Trophy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClasses } from '#web/components/ui/button'
import { pairsById } from '#web/lib/pair-names'
import { useTournamentResults } from '../api/tournaments'
import { championOf, clockOffset } from '../tournament-view'
import { ChampionCard } from './champion-card'
import { MyBetBanner } from './my-bet-banner'
import { OrderOfPlay } from './order-of-play'
import { PairsList } from './pairs-list'
import { PrizeBreakdownDialog } from './prize-breakdown-dialog'
import { ResultsPanel } from './results-panel'
import { RulesBox } from './rules-box'
import { SettledOutcome } from './settled-outcome'
import { TournamentBracket } from './tournament-bracket'
import { TournamentSummary } from './tournament-summary'
import type { LoadedTournament } from './tournament-page'

interface TournamentBodyProps extends LoadedTournament {
  /** The mark that the page updates by itself (components/live-mark), beside the status. */
  liveMark?: ReactNode
  /** Whether the fan may predict here (canPredictIn): the rules are shown then. */
  canPredict: boolean
  /** The summary's "start predictions" button, when it is offered. */
  start: { onStart: () => void; disabled: boolean } | null
  /** The prediction in progress (the wizard), composed by the route. */
  wizard?: ReactNode
  /** The moment after paying (features/bracket), composed by the route: first after the banner. */
  celebration?: ReactNode
  /** The insight for the fan's own bracket (features/insight), composed by the route. */
  insight?: ReactNode
  /** Dialogs the route adds (not enough coins). */
  dialogs?: ReactNode
  /** What the fans picked (the People's Bracket), composed by the route after betting closes. */
  peoplesBracket?: ReactNode
  /** The People's most common bracket, a view of the page's one bracket once it is known. */
  peoplesTree?: ReactElement | null
  /** The second chance: its card, its wizard or the fan's entry, composed by the route. */
  secondChance?: ReactNode
}

/** What a tournament's page shows, top to bottom (docs/product.md "Screens and routes" Tournament detail). */
export function TournamentBody({
  tournament,
  myBet,
  receivedAt,
  liveMark,
  canPredict,
  start,
  wizard,
  celebration,
  insight,
  dialogs,
  peoplesBracket,
  peoplesTree,
  secondChance,
}: TournamentBodyProps) {
  const { t } = useTranslation()
  const [isPrizeOpen, setPrizeOpen] = useState(false)
  const offset = useMemo(
    () => clockOffset(tournament.serverTime, receivedAt),
    [tournament.serverTime, receivedAt],
  )
  const pairs = useMemo(() => pairsById(tournament.pairs), [tournament.pairs])
  const championId = useMemo(() => championOf(tournament.matches), [tournament.matches])
  const bet = myBet?.bet ?? null
  const isRefunded = bet?.status === 'refunded'
  // Settled: the results answer (404 until then). The page opens with the outcome, and nothing
  // after it speaks of a bracket in play: no insight, no "bet placed", no live mark.
  const isSettled = useTournamentResults(tournament.id, tournament.status === 'completed').isSuccess

  return (
    <div className="flex min-w-0 flex-col gap-8">
      {isSettled && (
        <SettledOutcome
          tournament={tournament}
          championId={championId}
          pairs={pairs}
          hasBet={bet !== null && !isRefunded}
        />
      )}

      <TournamentSummary
        tournament={tournament}
        offset={offset}
        liveMark={liveMark}
        start={start}
        onOpenPrizes={() => setPrizeOpen(true)}
      />

      <p>
        <Link
          to={`/tournaments/${tournament.id}/standings`}
          data-testid="standings-link"
          className={buttonClasses('secondary', 'sm')}
        >
          <Trophy aria-hidden="true" className="size-4" />
          {t('standings.link')}
        </Link>
      </p>

      {/* Once the wizard is open its own help holds the rules, under the picks. */}
      {canPredict && start && <RulesBox entryFee={tournament.entryFee} />}

      {bet && (!isSettled || isRefunded) && <MyBetBanner bet={bet} />}

      {celebration}

      {!isSettled && insight}

      {secondChance}

      {!isSettled && <OrderOfPlay matches={tournament.matches} pairs={pairs} offset={offset} />}

      {!isSettled && (
        <ChampionCard championId={championId} pairs={pairs} mvp={tournament.mvpPlayer} />
      )}

      {tournament.status === 'completed' && (
        <ResultsPanel
          tournamentId={tournament.id}
          tiers={tournament.prizePoolConfig.tiers}
          hasBet={bet !== null}
          showsOutcome={!isSettled}
        />
      )}

      {wizard}

      <TournamentBracket
        tournament={tournament}
        myBet={myBet}
        pairs={pairs}
        peoplesTree={peoplesTree}
      />

      {peoplesBracket}

      <section aria-labelledby="pairs-title">
        <h2 id="pairs-title" className="mb-4 text-2xl font-bold">
          {t('tournament_detail.pairs', { count: tournament.pairCount })}
        </h2>
        <PairsList pairs={tournament.pairs} />
      </section>

      <PrizeBreakdownDialog
        tournamentId={tournament.id}
        open={isPrizeOpen}
        onClose={() => setPrizeOpen(false)}
      />
      {dialogs}
    </div>
  )
}
