import { ArrowLeft, ArrowRight } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { predictedMatchups } from '../../../../domain/bracket/bracket'
import {
  WIZARD_STEP_COUNT,
  canGoNext,
  canGoPrevious,
  isWizardComplete,
  mvpCandidates,
  nextStep,
  previousStep,
  stepIndex,
  stepPercent,
  wizardProgress,
  type WizardStep,
} from '../../../../domain/wizard/wizard'
import type { PlayerSummary, TournamentDetail } from '../../../../shared/schemas/tournament'
import { Button } from '../../../components/ui/button'
import { useSession } from '../../../lib/session'
import { slotsFromPicks, toColumns } from '../../../lib/bracket-view'
import type { PairsById } from '../../../lib/pair-names'
import { useWizardModel } from '../use-wizard-model'
import { BracketTree } from '../../../components/bracket-tree'
import { ClearedPicksNotice } from './cleared-picks-notice'
import { MatchPicker } from './match-picker'
import { MvpPicker } from './mvp-picker'
import { ReviewDialog } from './review-dialog'
import type { BracketSummary } from './review-summary'

interface BracketWizardProps {
  tournament: TournamentDetail
  pairs: PairsById
  balance: number
}

/** The five-step prediction (docs/product.md §4): four rounds, then the MVP, then the review dialog. */
export function BracketWizard({ tournament, pairs, balance }: BracketWizardProps) {
  const { t } = useTranslation()
  const session = useSession()
  const userId = session.status === 'signed-in' ? session.me.user.id : null
  const { model, dispatch, teams, forgetDraft } = useWizardModel(tournament, userId)
  const [isReviewOpen, setReviewOpen] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const hasMoved = useRef(false)

  const players = useMemo(() => {
    const byId = new Map<string, PlayerSummary>()
    for (const pair of tournament.pairs) {
      byId.set(pair.player1.id, pair.player1)
      byId.set(pair.player2.id, pair.player2)
    }
    return byId
  }, [tournament.pairs])

  const { state, step, clearedByChange } = model
  const predicted = useMemo(() => predictedMatchups(state.matches, state.picks), [state])
  const columns = useMemo(() => toColumns(slotsFromPicks(predicted)), [predicted])
  const progress = useMemo(() => wizardProgress(state), [state])
  const candidates = useMemo(() => mvpCandidates(state, teams), [state, teams])
  const isComplete = useMemo(() => isWizardComplete(state, teams), [state, teams])
  const roundMatches = useMemo(
    () => predicted.filter((match) => match.round === step),
    [predicted, step],
  )
  const picks = useMemo(
    () =>
      predicted.flatMap((match) =>
        match.winnerTeamId === null
          ? []
          : [{ matchId: match.matchId, winnerTeamId: match.winnerTeamId }],
      ),
    [predicted],
  )
  const summary = useMemo<BracketSummary>(() => {
    const final = predicted.find((match) => match.round === 'final')
    const championId = final?.winnerTeamId ?? null
    const runnerUpId =
      championId === null ? null : final?.team1Id === championId ? final.team2Id : final?.team1Id
    return { championId, runnerUpId: runnerUpId ?? null, mvpPlayerId: state.mvpPlayerId }
  }, [predicted, state.mvpPlayerId])

  const onPick = useCallback(
    (matchId: string, teamId: string) => dispatch({ type: 'pick', matchId, teamId }),
    [dispatch],
  )

  useEffect(() => {
    // When the button just used is now disabled (Next on a fresh round, Previous on the first),
    // the keyboard continues from the new step's heading instead of the top of the page.
    if (!hasMoved.current) return
    const active = document.activeElement
    if (active === null || active === document.body || (active as HTMLButtonElement).disabled) {
      headingRef.current?.focus()
    }
  }, [step])

  const go = (target: WizardStep | null) => {
    if (!target) return
    hasMoved.current = true
    dispatch({ type: 'go', step: target })
  }

  const chooseMvp = (playerId: string) => {
    dispatch({ type: 'mvp', playerId, teams })
    setReviewOpen(true)
  }

  // The notice's buttons disappear with it: the keyboard goes on from the step's heading.
  const closeNotice = (type: 'undo' | 'dismiss') => {
    dispatch({ type })
    headingRef.current?.focus()
  }

  const percent = stepPercent(step)

  return (
    <section
      aria-labelledby="wizard-title"
      data-testid="bracket-wizard"
      className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-4 sm:p-6"
    >
      <div className="flex flex-col gap-3">
        <h2 id="wizard-title" tabIndex={-1} className="text-2xl font-bold text-fg">
          {t('bracket.title')}
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
          <span data-testid="wizard-step-count" aria-live="polite">
            {t('bracket.step_of', { step: stepIndex(step) + 1, total: WIZARD_STEP_COUNT })}
          </span>
          <span data-testid="wizard-progress">
            {t('bracket.progress', { made: progress.made, total: progress.total })}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label={t('bracket.step_progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
          className="h-2 overflow-hidden rounded-full bg-surface-2"
        >
          <div
            className="h-full rounded-full bg-brand-solid transition-[width] motion-reduce:transition-none"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>

      <h3
        ref={headingRef}
        tabIndex={-1}
        data-testid="wizard-step-title"
        className="text-xl font-bold text-fg focus:outline-none"
      >
        {t(`bracket.rounds.${step}`)}
      </h3>

      <ClearedPicksNotice
        cleared={clearedByChange}
        pairs={pairs}
        players={players}
        onUndo={() => closeNotice('undo')}
        onDismiss={() => closeNotice('dismiss')}
      />

      {step === 'mvp' ? (
        <MvpPicker
          candidates={candidates}
          players={players}
          chosenId={state.mvpPlayerId}
          onChoose={chooseMvp}
        />
      ) : (
        <ol className="grid gap-3 sm:grid-cols-2">
          {roundMatches.map((match) => (
            <li key={match.matchId}>
              <MatchPicker
                matchId={match.matchId}
                matchNumber={match.matchNumber}
                team1Id={match.team1Id}
                team2Id={match.team2Id}
                pickedId={match.winnerTeamId}
                pairs={pairs}
                onPick={onPick}
              />
            </li>
          ))}
        </ol>
      )}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          variant="secondary"
          disabled={!canGoPrevious(step)}
          onClick={() => go(previousStep(step))}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('bracket.previous')}
        </Button>
        {step === 'mvp' ? (
          <Button variant="accent" disabled={!isComplete} onClick={() => setReviewOpen(true)}>
            {t('bracket.review')}
          </Button>
        ) : (
          <Button
            variant="primary"
            disabled={!canGoNext(step, state)}
            onClick={() => go(nextStep(step))}
          >
            {t('bracket.next')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        )}
      </div>

      <BracketTree columns={columns} pairs={pairs} label={t('bracket.your_bracket')} />

      <ReviewDialog
        open={isReviewOpen}
        onClose={() => setReviewOpen(false)}
        tournamentId={tournament.id}
        entryFee={tournament.entryFee}
        balance={balance}
        isComplete={isComplete}
        picks={picks}
        summary={summary}
        pairs={pairs}
        players={players}
        onSettled={forgetDraft}
      />
    </section>
  )
}
