import { ArrowLeft } from 'lucide-react'
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
import { useSession } from '../../../lib/session'
import { BracketWizard } from '../../bracket/components/bracket-wizard'
import type { PairsById } from '../../../lib/pair-names'
import { hasWizardDraft } from '../../bracket/wizard-draft'
import { useMyBet, useTournament } from '../api/tournaments'
import { championOf, clockOffset } from '../tournament-view'
import { ChampionCard } from './champion-card'
import { InsufficientFundsDialog } from '../../wallet/components/insufficient-funds-dialog'
import { MyBetBanner } from './my-bet-banner'
import { MyPredictions } from './my-predictions'
import { PairsList } from './pairs-list'
import { PrizeBreakdownDialog } from './prize-breakdown-dialog'
import { ResultsPanel } from './results-panel'
import { ResultsSection } from './results-section'
import { RulesBox } from './rules-box'
import { TournamentSummary } from './tournament-summary'

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
  const session = useSession()
  const [isPrizeOpen, setPrizeOpen] = useState(false)
  const [isFundsOpen, setFundsOpen] = useState(false)
  // Picks in progress kept in the browser reopen the wizard after a reload.
  const [isWizardOpen, setWizardOpen] = useState(
    () => session.status === 'signed-in' && hasWizardDraft(session.me.user.id, tournament.id),
  )
  const wizardRef = useRef<HTMLDivElement>(null)

  const offset = useMemo(
    () => clockOffset(tournament.serverTime, receivedAt),
    [tournament.serverTime, receivedAt],
  )
  const pairs: PairsById = useMemo(
    () => new Map(tournament.pairs.map((pair) => [pair.id, pair])),
    [tournament.pairs],
  )
  const championId = useMemo(() => championOf(tournament.matches), [tournament.matches])

  const bet = myBet?.bet ?? null
  const isRefunded = bet?.status === 'refunded'
  const balance = session.status === 'signed-in' ? session.me.balance : null
  const isPredictable = useMemo(
    () => isBracketPredictable(tournament.matches),
    [tournament.matches],
  )
  const canPredict = tournament.isBettingOpen && bet === null && !tournament.hasBet && isPredictable

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

  return (
    <div className="flex min-w-0 flex-col gap-8">
      <TournamentSummary
        tournament={tournament}
        offset={offset}
        start={
          canPredict && !isWizardOpen
            ? { onStart: startPredictions, disabled: balance === null }
            : null
        }
        onOpenPrizes={() => setPrizeOpen(true)}
      />

      {canPredict && <RulesBox entryFee={tournament.entryFee} />}

      {bet && <MyBetBanner bet={bet} />}

      <ChampionCard championId={championId} pairs={pairs} mvp={tournament.mvpPlayer} />

      {tournament.status === 'completed' && (
        <ResultsPanel
          tournamentId={tournament.id}
          tiers={tournament.prizePoolConfig.tiers}
          hasBet={bet !== null}
        />
      )}

      {canPredict && isWizardOpen && balance !== null && (
        <div ref={wizardRef} className="min-w-0">
          <BracketWizard tournament={tournament} pairs={pairs} balance={balance} />
        </div>
      )}

      {/* A refunded bet is void: its bracket is no longer one of the user's predictions. */}
      {myBet && bet && !isRefunded && <MyPredictions myBet={myBet} pairs={pairs} />}

      {/* Before play the fan's bracket already holds the draw: one bracket on the page, not two. */}
      <ResultsSection
        tournament={tournament}
        pairs={pairs}
        hidden={bet !== null && tournament.status === 'upcoming'}
      />

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
