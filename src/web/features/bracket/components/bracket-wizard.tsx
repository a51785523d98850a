import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isFinalTotalGamesInRange } from '#domain/padel/set-scores'
import type { PopularPicks, QuickFillMode } from '#domain/wizard/quick-fill'
import { canGoNext, wizardStepsOf, type WizardStep } from '#domain/wizard/wizard'
import type { Contest } from '#shared/schemas/contest'
import type { TournamentDetail } from '#shared/schemas/tournament'
import { BracketTree } from '#web/components/bracket-tree'
import { pairsById } from '#web/lib/pair-names'
import { useWizardModel, type InitialBracket } from '../use-wizard-model'
import { reviewOf, usePlayersById, useWizardView } from '../use-wizard-view'
import { ClearedPicksNotice } from './cleared-picks-notice'
import { MvpPicker } from './mvp-picker'
import type { QuickFillScope } from './quick-fill-bar'
import { ReviewDialog } from './review-dialog'
import { RoundPicks } from './round-picks'
import { TiebreakerField } from './tiebreaker-field'
import { WizardHeader } from './wizard-header'
import { WizardHelp } from './wizard-help'
import { WizardNav } from './wizard-nav'
import { useHoldAppUpdate } from '#web/lib/service-worker'

interface BracketWizardProps {
  tournament: TournamentDetail
  /** The signed-in fan, whose picks in progress are kept in the browser. */
  userId: string
  balance: number
  /** Changing a placed bet (docs/product.md "Changing a bracket and quick fill"): the wizard starts from it and sends a PUT. */
  change?: { initial: InitialBracket; onChanged: () => void }
  /** main: the whole draw; second_chance: from the quarterfinals on (docs/product.md "Second chance"). */
  contest?: Contest
  /** The contest's fee: the tournament's for the main bracket, the second chance's own. */
  entryFee?: number
  /** A new bracket is placed and its success has shown (not called for a change). */
  onPlaced?: () => void
}

/**
 * The five-step prediction (docs/product.md "Statuses, deadlines and the wizard"): four rounds, then the MVP with the tiebreaker,
 * then the review dialog. Phone first: the step's picks come straight under a one-line header,
 * the bar with the way on stays at the bottom of the screen, and the help waits behind a
 * disclosure below.
 */
export function BracketWizard({
  tournament,
  userId,
  balance,
  change,
  contest = 'main',
  entryFee = tournament.entryFee,
  onPlaced,
}: BracketWizardProps) {
  const { t } = useTranslation()
  // A new version of the app waits until the fan leaves the wizard (decision 134).
  useHoldAppUpdate()
  // No session query here: every render of a component with a query runs an effect, and this
  // one renders on every pick.
  const { model, dispatch, teams, matches, forgetDraft } = useWizardModel(
    tournament,
    userId,
    contest,
    change?.initial ?? null,
  )
  const steps = useMemo(() => wizardStepsOf(matches), [matches])
  const [isReviewOpen, setReviewOpen] = useState(false)
  const [tiebreakerProblem, setTiebreakerProblem] = useState<string | null>(null)
  const tiebreakerRef = useRef<HTMLInputElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const hasMoved = useRef(false)

  const pairs = useMemo(() => pairsById(tournament.pairs), [tournament.pairs])
  const players = usePlayersById(tournament)
  const { state, step, clearedByChange, finalTotalGames } = model
  const view = useWizardView(state, teams, step === 'mvp' || isReviewOpen)
  // Next follows the deferred state with the counts: enabled in the render just after the pick
  // that completes the round (the reducer keeps `go` within the rounds predicted).
  const canGoOn = useMemo(() => canGoNext(step, view.settled), [step, view.settled])
  const roundMatches = useMemo(
    () => view.predicted.filter((match) => match.round === step),
    [view.predicted, step],
  )

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

  const go = useCallback(
    (target: WizardStep) => {
      hasMoved.current = true
      dispatch({ type: 'go', step: target })
    },
    [dispatch],
  )
  // The review opens only with a tiebreaker in range; else the field says what it needs.
  const openReview = useCallback(() => {
    if (finalTotalGames !== null && isFinalTotalGamesInRange(finalTotalGames)) {
      setReviewOpen(true)
      return
    }
    setTiebreakerProblem(
      t(finalTotalGames === null ? 'bracket.tiebreaker.first' : 'bracket.tiebreaker.invalid'),
    )
    tiebreakerRef.current?.focus()
  }, [finalTotalGames, t])

  // With the tiebreaker given, choosing the MVP moves on to the review; otherwise the tiebreaker,
  // which comes next on the step, takes the focus.
  const chooseMvp = (playerId: string) => {
    dispatch({ type: 'mvp', playerId, teams })
    if (finalTotalGames !== null && isFinalTotalGamesInRange(finalTotalGames)) setReviewOpen(true)
    else tiebreakerRef.current?.focus()
  }

  const typeTiebreaker = useCallback(
    (games: number | null) => {
      setTiebreakerProblem(null)
      dispatch({ type: 'tiebreaker', games })
    },
    [dispatch],
  )
  const submitTiebreaker = () => {
    if (view.isComplete && state.mvpPlayerId !== null) openReview()
    else if (finalTotalGames === null || !isFinalTotalGamesInRange(finalTotalGames)) openReview()
  }

  // The random draws are made here, so that the reducer stays pure: 15 matches and the MVP.
  const fill = useCallback(
    (mode: QuickFillMode, scope: QuickFillScope, popular: PopularPicks | null) =>
      dispatch({
        type: 'fill',
        request: {
          mode,
          scope,
          popular,
          pairs: tournament.pairs,
          draws: Array.from({ length: 17 }, () => Math.random()),
        },
        teams,
      }),
    [dispatch, tournament.pairs, teams],
  )
  const undoFill = useCallback(() => {
    dispatch({ type: 'undo_fill' })
    headingRef.current?.focus()
  }, [dispatch])

  // The notice's buttons disappear with it: the keyboard goes on from the step's heading.
  const closeNotice = useCallback(
    (type: 'undo' | 'dismiss') => {
      dispatch({ type })
      headingRef.current?.focus()
    },
    [dispatch],
  )
  const undo = useCallback(() => closeNotice('undo'), [closeNotice])
  const dismiss = useCallback(() => closeNotice('dismiss'), [closeNotice])

  return (
    <section
      aria-labelledby="wizard-title"
      data-testid="bracket-wizard"
      data-contest={contest}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:gap-5 sm:p-6"
    >
      <WizardHeader
        step={step}
        steps={steps}
        made={view.progress.made}
        total={view.progress.total}
        title={t(contest === 'main' ? 'bracket.title' : 'second_chance_entry.wizard_title')}
      />

      <h3
        ref={headingRef}
        tabIndex={-1}
        data-testid="wizard-step-title"
        className="text-lg font-bold text-fg focus:outline-none"
      >
        {t(`bracket.rounds.${step}`)}
      </h3>

      <ClearedPicksNotice
        cleared={clearedByChange}
        pairs={pairs}
        players={players}
        onUndo={undo}
        onDismiss={dismiss}
      />

      {step === 'mvp' ? (
        <div className="flex flex-col gap-5">
          <MvpPicker
            candidates={view.candidates}
            players={players}
            chosenId={state.mvpPlayerId}
            onChoose={chooseMvp}
          />
          <TiebreakerField
            value={finalTotalGames}
            onChange={typeTiebreaker}
            problem={tiebreakerProblem}
            onProblem={setTiebreakerProblem}
            inputRef={tiebreakerRef}
            onSubmit={submitTiebreaker}
          />
        </div>
      ) : (
        <RoundPicks matches={roundMatches} pairs={pairs} onPick={onPick} />
      )}

      <WizardNav
        step={step}
        steps={steps}
        canGoNext={canGoOn}
        isComplete={view.isComplete}
        made={view.progress.made}
        total={view.progress.total}
        onGo={go}
        onReview={openReview}
      />

      <WizardHelp
        tournamentId={tournament.id}
        contest={contest}
        entryFee={entryFee}
        onFill={fill}
        canUndoFill={model.beforeFill !== null}
        onUndoFill={undoFill}
      />

      {/* Below the picks, mostly off screen on a phone: the browser skips its layout and paint
          until it scrolls into view, and a pick only updates it. */}
      <div className="[contain-intrinsic-size:auto_42rem] [content-visibility:auto]">
        <BracketTree columns={view.columns} pairs={pairs} label={t('bracket.your_bracket')} />
      </div>

      {/* Mounted only while open: a pick does not re-render the review and its mutation. */}
      {isReviewOpen && (
        <ReviewDialog
          onClose={() => setReviewOpen(false)}
          tournamentId={tournament.id}
          contest={contest}
          entryFee={entryFee}
          balance={balance}
          isComplete={view.isComplete}
          pairs={pairs}
          players={players}
          onSettled={forgetDraft}
          isChange={change !== undefined}
          onDone={change ? change.onChanged : onPlaced}
          {...reviewOf(view.predicted, state.mvpPlayerId, finalTotalGames)}
        />
      )}
    </section>
  )
}
