import { ArrowLeft, BadgeCheck, Coins, Info, Trophy, X } from 'lucide-react'
import { useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate } from 'react-router'
import { isBracketPredictable } from '../../../../domain/wizard/pick-change'
import type { MyBet } from '../../../../shared/schemas/bet'
import type { TournamentDetail } from '../../../../shared/schemas/tournament'
import { PageContainer } from '../../../components/page-container'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError, errorKey } from '../../../lib/api-client'
import { useDateFormat, useNumberFormat } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { slotsFromMatches, slotsFromPredictions, toColumns } from '../../bracket/bracket-view'
import { BracketTree } from '../../bracket/components/bracket-tree'
import { BracketWizard } from '../../bracket/components/bracket-wizard'
import type { PairsById } from '../../bracket/pair-names'
import { hasWizardDraft } from '../../bracket/wizard-draft'
import { useMyBet, useTournament } from '../api/tournaments'
import { clockOffset } from '../tournament-view'
import { CountdownBadge } from './countdown-badge'
import { InsufficientFundsDialog } from './insufficient-funds-dialog'
import { PairsList } from './pairs-list'
import { PrizeBreakdownDialog } from './prize-breakdown-dialog'
import { ResultsPanel } from './results-panel'
import { StatusBadge } from './status-badge'

export function TournamentDetailView({ id }: { id: string }) {
  const { t } = useTranslation()
  const tournament = useTournament(id)
  const myBet = useMyBet(id)

  const back = (
    <Link
      to="/tournaments"
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('pages.tournamentDetail.back')}
    </Link>
  )

  if (tournament.error instanceof ApiError && tournament.error.status === 404) {
    return <Navigate to="/tournaments" replace />
  }
  if (tournament.isPending || (myBet.isPending && !myBet.error)) {
    return (
      <PageContainer
        title={t('pages.tournamentDetail.title')}
        description={t('pages.tournamentDetail.description')}
        actions={back}
      >
        <Spinner label={t('tournament_detail.loading')} className="py-16" />
      </PageContainer>
    )
  }
  if (tournament.error) {
    return (
      <PageContainer
        title={t('pages.tournamentDetail.title')}
        description={t('pages.tournamentDetail.description')}
        actions={back}
      >
        <Alert tone="error" title={t('tournament_detail.load_error')}>
          <p>{t(errorKey(tournament.error))}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => void tournament.refetch()}
          >
            {t('common.tryAgain')}
          </Button>
        </Alert>
      </PageContainer>
    )
  }
  return (
    <PageContainer
      title={tournament.data.name}
      description={t('pages.tournamentDetail.description')}
      actions={back}
    >
      <TournamentBody
        tournament={tournament.data}
        myBet={myBet.data ?? null}
        receivedAt={tournament.dataUpdatedAt}
      />
    </PageContainer>
  )
}

function TournamentBody({
  tournament,
  myBet,
  receivedAt,
}: {
  tournament: TournamentDetail
  myBet: MyBet | null
  receivedAt: number
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' })
  const session = useSession()
  const [isPrizeOpen, setPrizeOpen] = useState(false)
  const [isFundsOpen, setFundsOpen] = useState(false)
  // Picks in progress kept in the browser reopen the wizard after a reload.
  const [isWizardOpen, setWizardOpen] = useState(
    () => session.status === 'signed-in' && hasWizardDraft(session.me.user.id, tournament.id),
  )
  const [isRulesOpen, setRulesOpen] = useState(true)
  const wizardRef = useRef<HTMLDivElement>(null)

  const offset = useMemo(
    () => clockOffset(tournament.serverTime, receivedAt),
    [tournament.serverTime, receivedAt],
  )
  const pairs: PairsById = useMemo(
    () => new Map(tournament.pairs.map((pair) => [pair.id, pair])),
    [tournament.pairs],
  )
  const resultColumns = useMemo(
    () => toColumns(slotsFromMatches(tournament.matches)),
    [tournament.matches],
  )
  const predictionColumns = useMemo(
    () => (myBet?.bet ? toColumns(slotsFromPredictions(myBet.predictions)) : null),
    [myBet],
  )

  const bet = myBet?.bet ?? null
  const balance = session.status === 'signed-in' ? session.me.balance : null
  const isPredictable = useMemo(
    () => isBracketPredictable(tournament.matches),
    [tournament.matches],
  )
  const canPredict = tournament.isBettingOpen && bet === null && !tournament.hasBet && isPredictable
  const pool = tournament.currentPrizePool ?? tournament.basePool

  const startPredictions = () => {
    if (balance === null) return
    if (balance < tournament.entryFee) {
      setFundsOpen(true)
      return
    }
    setWizardOpen(true)
    window.requestAnimationFrame(() => {
      wizardRef.current?.scrollIntoView({ block: 'start' })
      wizardRef.current?.querySelector<HTMLElement>('h2')?.focus()
    })
  }

  const facts = [
    [
      'start',
      <time dateTime={tournament.startDate}>{date.format(new Date(tournament.startDate))}</time>,
    ],
    ['end', <time dateTime={tournament.endDate}>{date.format(new Date(tournament.endDate))}</time>],
    [
      'deadline',
      <time dateTime={tournament.bettingDeadline}>
        {date.format(new Date(tournament.bettingDeadline))}
      </time>,
    ],
    ['pairs', number.format(tournament.pairCount)],
  ] as const

  return (
    <div className="flex min-w-0 flex-col gap-8">
      <section
        aria-label={t('tournament_detail.summary')}
        className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 sm:p-6"
      >
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge status={tournament.status} />
          {tournament.status === 'upcoming' && (
            <CountdownBadge deadline={tournament.bettingDeadline} offset={offset} />
          )}
        </div>
        <div className="grid gap-5 md:grid-cols-[auto_1fr] md:items-center">
          <div>
            <p className="text-sm font-semibold text-muted">{t('tournaments.prize_pool')}</p>
            <p className="mt-1 inline-flex items-center gap-2 text-4xl font-extrabold text-coin tabular-nums">
              <Coins aria-hidden="true" className="size-8" />
              <span data-testid="detail-prize-pool">{number.format(pool)}</span>
              <span className="sr-only">{t('nav.coins')}</span>
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            {facts.map(([key, value]) => (
              <div key={key} className="rounded-xl bg-surface-2 px-3 py-2">
                <dt className="text-xs text-muted">{t(`tournament_detail.facts.${key}`)}</dt>
                <dd data-testid={`fact-${key}`} className="font-semibold text-fg">
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="flex flex-wrap gap-3">
          {canPredict && !isWizardOpen && (
            <Button
              variant="accent"
              size="lg"
              disabled={balance === null}
              onClick={startPredictions}
              data-testid="start-predictions"
            >
              <Trophy aria-hidden="true" className="size-5" />
              {t('tournament_detail.start_predictions')}
            </Button>
          )}
          <Button variant="secondary" size="lg" onClick={() => setPrizeOpen(true)}>
            {t('tournament_detail.view_prize_breakdown')}
          </Button>
        </div>
      </section>

      {canPredict && isRulesOpen && (
        <aside
          aria-labelledby="rules-title"
          data-testid="rules-box"
          className="relative rounded-2xl border border-line bg-surface-2 p-5 pr-12"
        >
          <h2 id="rules-title" className="flex items-center gap-2 font-bold text-fg">
            <Info aria-hidden="true" className="size-5 text-brand" />
            {t('tournament_detail.rules.title')}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted">
            <li>{t('tournament_detail.rules.fee', { fee: number.format(tournament.entryFee) })}</li>
            <li>{t('tournament_detail.rules.rounds')}</li>
            <li>{t('tournament_detail.rules.mvp')}</li>
            <li>{t('tournament_detail.rules.prizes')}</li>
          </ul>
          <button
            type="button"
            onClick={() => setRulesOpen(false)}
            className="absolute top-3 right-3 rounded-full p-1.5 text-muted hover:bg-surface"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{t('tournament_detail.rules.dismiss')}</span>
          </button>
        </aside>
      )}

      {bet && (
        <Alert tone="success" testId="bet-placed-banner" title={t('tournament_detail.bet_placed')}>
          {t('tournament_detail.bet_amount', { amount: number.format(bet.amount) })}
        </Alert>
      )}

      {tournament.status === 'completed' && (
        <ResultsPanel tournamentId={tournament.id} hasBet={bet !== null} />
      )}

      {canPredict && isWizardOpen && balance !== null && (
        <div ref={wizardRef} className="min-w-0">
          <BracketWizard tournament={tournament} pairs={pairs} balance={balance} />
        </div>
      )}

      {bet && predictionColumns && (
        <section
          aria-labelledby="predictions-title"
          data-testid="my-predictions"
          className="min-w-0"
        >
          <h2 id="predictions-title" className="mb-1 flex items-center gap-2 text-2xl font-bold">
            <BadgeCheck aria-hidden="true" className="size-6 text-success" />
            {t('bracket.predictions_submitted')}
          </h2>
          <p className="mb-4 text-sm text-muted">{t('bracket.predictions_read_only')}</p>
          {myBet?.mvpPrediction && (
            <p className="mb-4 text-sm" data-testid="mvp-prediction">
              <span className="font-semibold">{t('bracket.your_mvp')}:</span>{' '}
              {myBet.mvpPrediction.predicted_mvp}
              {myBet.mvpPrediction.isCorrect !== null && (
                <span
                  className={
                    myBet.mvpPrediction.isCorrect ? 'ml-2 text-success' : 'ml-2 text-danger'
                  }
                >
                  {t(`bracket.mark.${myBet.mvpPrediction.isCorrect ? 'right' : 'wrong'}`)}
                </span>
              )}
            </p>
          )}
          <BracketTree
            columns={predictionColumns}
            pairs={pairs}
            label={t('bracket.your_bracket')}
          />
        </section>
      )}

      {/* Before play the fan's bracket already holds the draw: one bracket on the page, not two. */}
      <section
        aria-labelledby="draw-title"
        className="min-w-0"
        data-testid="results-section"
        hidden={bet !== null && tournament.status === 'upcoming'}
      >
        <h2 id="draw-title" className="mb-4 text-2xl font-bold">
          {t(
            tournament.status === 'upcoming'
              ? 'tournament_detail.draw'
              : 'tournament_detail.results',
          )}
        </h2>
        {tournament.matches.length === 0 ? (
          <p className="text-sm text-muted">{t('tournament_detail.no_matches_available')}</p>
        ) : (
          <BracketTree columns={resultColumns} pairs={pairs} label={t('tournament_detail.draw')} />
        )}
        {tournament.mvpPlayer && (
          <p className="mt-4 text-sm" data-testid="tournament-mvp">
            <span className="font-semibold">{t('tournament_detail.mvp')}:</span>{' '}
            {tournament.mvpPlayer.name}
          </p>
        )}
      </section>

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
      {balance !== null && (
        <InsufficientFundsDialog
          open={isFundsOpen}
          onClose={() => setFundsOpen(false)}
          entryFee={tournament.entryFee}
          balance={balance}
        />
      )}
    </div>
  )
}
