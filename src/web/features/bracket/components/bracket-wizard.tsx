import { ArrowLeft, ArrowRight, Crown } from 'lucide-react'
import { memo, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { predictedMatchups, type TeamRef } from '../../../../domain/bracket/bracket'
import {
  WIZARD_STEPS,
  WIZARD_STEP_COUNT,
  applyMvp,
  applyPick,
  canGoNext,
  canGoPrevious,
  createWizardState,
  isWizardComplete,
  mvpCandidates,
  nextStep,
  previousStep,
  stepIndex,
  stepPercent,
  wizardProgress,
  type WizardState,
  type WizardStep,
} from '../../../../domain/wizard/wizard'
import type { PlayerSummary, TournamentDetail } from '../../../../shared/schemas/tournament'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import { slotsFromPicks, toColumns } from '../bracket-view'
import { pairName, type PairsById } from '../pair-names'
import { BracketTree } from './bracket-tree'
import { ReviewDialog } from './review-dialog'

interface WizardModel {
  readonly state: WizardState
  readonly step: WizardStep
}

type WizardAction =
  | { type: 'pick'; matchId: string; teamId: string }
  | { type: 'mvp'; playerId: string; teams: readonly TeamRef[] }
  | { type: 'go'; step: WizardStep }

function reduce(model: WizardModel, action: WizardAction): WizardModel {
  switch (action.type) {
    case 'pick': {
      const state = applyPick(model.state, action.matchId, action.teamId)
      return state === model.state ? model : { ...model, state }
    }
    case 'mvp': {
      const state = applyMvp(model.state, action.playerId, action.teams)
      return state === model.state ? model : { ...model, state }
    }
    case 'go':
      return { ...model, step: action.step }
  }
}

interface BracketWizardProps {
  tournament: TournamentDetail
  pairs: PairsById
  balance: number
}

/** The five-step prediction (spec §4): four rounds, then the MVP, then the review dialog. */
export function BracketWizard({ tournament, pairs, balance }: BracketWizardProps) {
  const { t } = useTranslation()
  const [model, dispatch] = useReducer(reduce, tournament.matches, (matches) => ({
    state: createWizardState(matches),
    step: WIZARD_STEPS[0],
  }))
  const [isReviewOpen, setReviewOpen] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const hasMoved = useRef(false)

  const teams = useMemo<TeamRef[]>(
    () =>
      tournament.pairs.map((pair) => ({
        id: pair.id,
        player1Id: pair.player1.id,
        player2Id: pair.player2.id,
      })),
    [tournament.pairs],
  )
  const players = useMemo(() => {
    const byId = new Map<string, PlayerSummary>()
    for (const pair of tournament.pairs) {
      byId.set(pair.player1.id, pair.player1)
      byId.set(pair.player2.id, pair.player2)
    }
    return byId
  }, [tournament.pairs])

  const { state, step } = model
  const predicted = useMemo(() => predictedMatchups(state.matches, state.picks), [state])
  const columns = useMemo(() => toColumns(slotsFromPicks(predicted)), [predicted])
  const progress = useMemo(() => wizardProgress(state), [state])
  const candidates = useMemo(() => mvpCandidates(state, teams), [state, teams])
  const isComplete = useMemo(() => isWizardComplete(state, teams), [state, teams])
  const roundMatches = useMemo(
    () => predicted.filter((match) => match.round === step),
    [predicted, step],
  )

  const onPick = useCallback(
    (matchId: string, teamId: string) => dispatch({ type: 'pick', matchId, teamId }),
    [],
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

  const percent = stepPercent(step)
  const picks = predicted
    .filter((match) => match.winnerTeamId !== null)
    .map((match) => ({ matchId: match.matchId, winnerTeamId: match.winnerTeamId ?? '' }))

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

      {step === 'mvp' ? (
        candidates.length === 0 ? (
          <Alert tone="info">{t('bracket.complete_final_first')}</Alert>
        ) : (
          <div
            role="group"
            aria-label={t('bracket.choose_mvp')}
            className="grid gap-3 sm:grid-cols-2"
          >
            <p className="text-sm text-muted sm:col-span-2">{t('bracket.mvp_hint')}</p>
            {candidates.map((playerId) => {
              const player = players.get(playerId)
              const isChosen = state.mvpPlayerId === playerId
              return (
                <button
                  key={playerId}
                  type="button"
                  aria-pressed={isChosen}
                  data-testid="mvp-option"
                  onClick={() => chooseMvp(playerId)}
                  className={cn(
                    'flex min-h-14 items-center gap-3 rounded-xl border px-4 py-3 text-left transition-colors motion-reduce:transition-none',
                    isChosen
                      ? 'border-brand bg-accent/30 font-semibold'
                      : 'border-line bg-surface hover:bg-surface-2',
                  )}
                >
                  <Crown aria-hidden="true" className="size-5 shrink-0 text-coin" />
                  <span className="min-w-0">
                    <span className="block text-fg">{player?.name}</span>
                    <span className="block text-xs text-muted">
                      {player?.country} ·{' '}
                      {t('tournament_detail.ranking_short', { ranking: player?.ranking })}
                    </span>
                  </span>
                </button>
              )
            })}
          </div>
        )
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
        mvpPlayerId={state.mvpPlayerId}
      />
    </section>
  )
}

interface MatchPickerProps {
  matchId: string
  matchNumber: number
  team1Id: string | null
  team2Id: string | null
  pickedId: string | null
  pairs: PairsById
  onPick: (matchId: string, teamId: string) => void
}

/** One match of the current round: two toggle buttons, one per pair (keyboard: Tab, Enter/Space). */
const MatchPicker = memo(function MatchPicker({
  matchId,
  matchNumber,
  team1Id,
  team2Id,
  pickedId,
  pairs,
  onPick,
}: MatchPickerProps) {
  const { t } = useTranslation()
  const labelId = `match-${matchId}-label`
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      data-testid="match-picker"
      className="rounded-xl border border-line bg-canvas p-3"
    >
      <p id={labelId} className="mb-2 text-xs font-bold tracking-wide text-muted uppercase">
        {t('bracket.match', { number: matchNumber })}
      </p>
      <div className="flex flex-col gap-2">
        {[team1Id, team2Id].map((teamId, index) =>
          teamId === null ? (
            <p key={index} className="px-3 py-2 text-sm text-muted italic">
              {t('bracket.tbd')}
            </p>
          ) : (
            <PickButton
              key={teamId}
              matchId={matchId}
              teamId={teamId}
              isPicked={pickedId === teamId}
              pairs={pairs}
              onPick={onPick}
            />
          ),
        )}
      </div>
    </div>
  )
})

function PickButton({
  matchId,
  teamId,
  isPicked,
  pairs,
  onPick,
}: {
  matchId: string
  teamId: string
  isPicked: boolean
  pairs: PairsById
  onPick: (matchId: string, teamId: string) => void
}) {
  const pair = pairs.get(teamId)
  return (
    <button
      type="button"
      aria-pressed={isPicked}
      data-testid="pick-button"
      onClick={() => onPick(matchId, teamId)}
      className={cn(
        'flex min-h-11 w-full items-center gap-2 rounded-lg border px-3 py-2 text-left text-sm transition-colors motion-reduce:transition-none',
        isPicked
          ? 'border-brand bg-accent/30 font-semibold text-fg'
          : 'border-line bg-surface text-fg hover:bg-surface-2',
      )}
    >
      <span className="w-5 shrink-0 text-right text-xs text-muted tabular-nums">{pair?.seed}</span>
      <span className="min-w-0 flex-1">{pairName(pair)}</span>
    </button>
  )
}
