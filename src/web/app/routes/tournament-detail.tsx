import { useMemo, useRef, useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { ContestSwitch, useContestParam } from '#web/components/contest-switch'
import { LiveMark } from '#web/components/live-mark'
import { LiveResultToast } from '#web/components/live-result-toast'
import { canChangeBracketIn, initialBracketOf } from '#web/features/bracket/change-bracket'
import { BetCelebration } from '#web/features/bracket/components/bet-celebration'
import { BracketWizard } from '#web/features/bracket/components/bracket-wizard'
import { ChangeBracketOffer } from '#web/features/bracket/components/change-bracket-offer'
import type { InitialBracket } from '#web/features/bracket/use-wizard-model'
import {
  MostCommonBracket,
  useMostCommonBracket,
} from '#web/features/brackets/components/most-common-bracket'
import { PeoplesBracket } from '#web/features/brackets/components/peoples-bracket'
import { hasWizardDraft } from '#web/features/bracket/wizard-draft'
import { InsightCard } from '#web/features/insight/components/insight-card'
import { useSecondChance } from '#web/features/second-chance/api/second-chance'
import { TournamentBody } from '#web/features/tournaments/components/tournament-body'
import {
  TournamentPage,
  type LoadedTournament,
} from '#web/features/tournaments/components/tournament-page'
import { canPredictIn } from '#web/features/tournaments/tournament-view'
import { InsufficientFundsDialog } from '#web/features/wallet/components/insufficient-funds-dialog'
import { useLiveTournament, type LiveState } from '#web/lib/live'
import { pairsById } from '#web/lib/pair-names'
import { useSession } from '#web/lib/session'
import { TournamentSecondChance } from './tournament-second-chance'

// The tournament page is where five features meet: the tournament (tournaments), the prediction
// (bracket), the coins to pay for it (wallet), the insight for the fan's bracket (insight) and what
// all fans picked (brackets), whose most common bracket is one view of the page's bracket.
// Features do not import each other (decision 083), so the route composes them.

export function TournamentDetailPage() {
  const { id = '' } = useParams()
  // Results, the MVP and the status arrive while the page is open (docs/decisions/089).
  const live = useLiveTournament(id)
  // A new id is a new page: reset the wizard and dialogs rather than carry them over.
  return (
    <TournamentPage key={id} id={id}>
      {(loaded) => <TournamentWithPrediction {...loaded} live={live} />}
    </TournamentPage>
  )
}

function TournamentWithPrediction({
  tournament,
  myBet,
  receivedAt,
  live,
}: LoadedTournament & { live: LiveState }) {
  const session = useSession()
  const fan = session.status === 'signed-in' ? session.me : null
  const balance = fan?.balance ?? null
  const [isFundsOpen, setFundsOpen] = useState(false)
  // Picks in progress kept in the browser reopen the wizard after a reload; the link of a deadline
  // reminder (?predict=1, decision 101) opens it straight away for a fan who can pay the entry.
  const [searchParams] = useSearchParams()
  const [isWizardOpen, setWizardOpen] = useState(
    () =>
      session.status === 'signed-in' &&
      (hasWizardDraft(session.me.user.id, tournament.id) ||
        (searchParams.get('predict') === '1' && session.me.balance >= tournament.entryFee)),
  )
  const wizardRef = useRef<HTMLDivElement>(null)
  const bet = myBet?.bet ?? null
  const canPredict = useMemo(() => canPredictIn(tournament, bet), [tournament, bet])
  const canChange = useMemo(() => canChangeBracketIn(tournament, bet), [tournament, bet])
  // The bracket a change starts from, read when the change begins; null while not changing.
  const [initialBracket, setInitialBracket] = useState<InitialBracket | null>(null)
  const isChanging = initialBracket !== null
  // The bracket just placed here: a moment of celebration and the next steps take the wizard's place.
  const [isCelebrating, setCelebrating] = useState(false)
  const pairs = useMemo(() => pairsById(tournament.pairs), [tournament.pairs])
  // With a second chance, the People's Bracket shows either contest (?contest= in the URL).
  const hasSecondChance = (useSecondChance(tournament.id).data?.state ?? 'not_open') !== 'not_open'
  const [contest, setContest] = useContestParam()
  const peoplesContest = hasSecondChance ? contest : 'main'
  // The most common bracket is one view of the page's bracket (decision 174), beside the picks.
  const mostCommon = useMostCommonBracket(tournament, peoplesContest)

  const startPredictions = () => {
    if (balance === null) return
    if (balance < tournament.entryFee) {
      setFundsOpen(true)
      return
    }
    setWizardOpen(true)
    window.requestAnimationFrame(() => {
      wizardRef.current?.scrollIntoView({ block: 'start' })
      wizardRef.current?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true })
    })
  }

  const toggleChange = () => {
    if (isChanging || !myBet) {
      setInitialBracket(null)
      return
    }
    setInitialBracket(initialBracketOf(myBet))
    window.requestAnimationFrame(() => {
      wizardRef.current?.querySelector<HTMLElement>('#wizard-title')?.focus()
    })
  }

  return (
    <TournamentBody
      tournament={tournament}
      myBet={myBet}
      receivedAt={receivedAt}
      liveMark={<LiveMark state={live} tournament={tournament} />}
      canPredict={canPredict}
      start={
        canPredict && !isWizardOpen
          ? { onStart: startPredictions, disabled: balance === null }
          : null
      }
      insight={
        bet !== null &&
        bet.status !== 'refunded' &&
        fan !== null && <InsightCard tournamentId={tournament.id} />
      }
      celebration={
        isCelebrating &&
        bet !== null && (
          <BetCelebration
            tournamentId={tournament.id}
            tournamentName={tournament.name}
            shareId={myBet?.shareId ?? null}
            onClose={() => setCelebrating(false)}
          />
        )
      }
      wizard={
        canPredict && isWizardOpen && fan !== null ? (
          <div ref={wizardRef} className="min-w-0">
            <BracketWizard
              tournament={tournament}
              userId={fan.user.id}
              balance={fan.balance}
              onPlaced={() => setCelebrating(true)}
            />
          </div>
        ) : (
          canChange &&
          fan !== null && (
            <div ref={wizardRef} className="flex min-w-0 flex-col gap-4">
              <ChangeBracketOffer isChanging={isChanging} onToggle={toggleChange} />
              {initialBracket && (
                <BracketWizard
                  tournament={tournament}
                  userId={fan.user.id}
                  balance={fan.balance}
                  change={{ initial: initialBracket, onChanged: () => setInitialBracket(null) }}
                />
              )}
            </div>
          )
        )
      }
      secondChance={<TournamentSecondChance tournament={tournament} />}
      peoplesBracket={
        <PeoplesBracket
          tournament={tournament}
          pairs={pairs}
          contest={peoplesContest}
          contestSwitch={hasSecondChance && <ContestSwitch value={contest} onChange={setContest} />}
        />
      }
      peoplesTree={mostCommon && <MostCommonBracket bracket={mostCommon} pairs={pairs} />}
      dialogs={
        <>
          <LiveResultToast tournament={tournament} updatedAt={receivedAt} canShowMatch />
          {balance !== null && (
            <InsufficientFundsDialog
              open={isFundsOpen}
              onClose={() => setFundsOpen(false)}
              onReady={() => {
                setFundsOpen(false)
                startPredictions()
              }}
              entryFee={tournament.entryFee}
              balance={balance}
            />
          )}
        </>
      }
    />
  )
}
