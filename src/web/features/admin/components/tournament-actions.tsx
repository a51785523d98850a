import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Ban, HandCoins } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { isSettlementProblemCode } from '#domain/tournament/settlement'
import { canCancel, type SettlementStage } from '#domain/tournament/tournament'
import type { AdminTournament, SettlementPreview, SettlementProgress } from '#shared/schemas/admin'
import { Button } from '#web/components/ui/button'
import { useNumberFormat } from '#web/lib/format'
import { useAdminMessages } from '../admin-messages'
import { useOneFlowAtATime } from '../use-one-flow-at-a-time'
import {
  cancelAdminTournament,
  getSettlementPreview,
  settleAdminTournament,
  settlementProgressQueryOptions,
} from '../api/tournaments'
import type { useAdminDialog } from './admin-dialog'
import { SecondChanceAction } from './second-chance-dialog'
import { SettlementProgressBar } from './settlement-progress'

type Dialog = ReturnType<typeof useAdminDialog>

/**
 * Settle (a completed tournament: preview the payout, then confirm) and Cancel (while the domain's
 * canCancel allows it: confirm, then every active bet is refunded). The server decides whether either may run. A
 * settlement still paying in the background shows its progress; one found unfinished on load
 * (after a crash) can be resumed.
 */
export function TournamentActions({
  tournament,
  dialog,
  onDone,
}: {
  tournament: AdminTournament
  dialog: Dialog
  onDone: (message: string) => void
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const queryClient = useQueryClient()
  const messages = useAdminMessages()
  const { name } = tournament
  // This page's own settle (or resume) answered 202 and is being followed.
  const [isFollowing, setIsFollowing] = useState(false)

  const run = useOneFlowAtATime()

  const settle = () =>
    run(async () => {
      try {
        const preview = await getSettlementPreview(tournament.id)
        if (preview.problems.length > 0) {
          // Many matches can share a problem; list each kind once.
          const codes = [...new Set(preview.problems.map((problem) => problem.code))]
          await dialog.showMessage({
            title: t('admin.tournaments.settleBlocked', { name }),
            items: codes.map((code) =>
              isSettlementProblemCode(code)
                ? t(`admin.tournaments.problems.${code}`)
                : t('admin.tournaments.problems.other', { code }),
            ),
          })
          return
        }
        const isConfirmed = await dialog.confirm({
          title: t('admin.tournaments.settleTitle', { name }),
          body: <PreviewFigures preview={preview} format={number} />,
          confirmLabel: t('admin.tournaments.settleConfirm'),
        })
        if (!isConfirmed) return
        await startSettlement()
      } catch (error) {
        await showSettleFailure(error)
      }
    })

  const resume = () =>
    run(async () => {
      try {
        await startSettlement()
      } catch (error) {
        await showSettleFailure(error)
      }
    })

  const startSettlement = async () => {
    const outcome = await settleAdminTournament(tournament.id)
    if (outcome.isFinished) {
      await finishSettlement(outcome.result)
      return
    }
    queryClient.setQueryData(
      settlementProgressQueryOptions(tournament.id).queryKey,
      outcome.progress,
    )
    setIsFollowing(true)
  }

  const showSettleFailure = (error: unknown) =>
    dialog.showMessage({
      title: t('admin.tournaments.settleFailed', { message: messages.requestFailure(error) }),
    })

  const finishSettlement = async (
    result: Pick<SettlementProgress, 'totalWinners' | 'totalPaid'>,
  ) => {
    await queryClient.invalidateQueries({ queryKey: ['admin'] })
    setIsFollowing(false)
    onDone(
      t('admin.tournaments.settleDone', {
        name,
        winners: number.format(result.totalWinners),
        amount: number.format(result.totalPaid),
      }),
    )
  }

  const cancel = () =>
    run(async () => {
      try {
        const isConfirmed = await dialog.confirm({
          title: t('admin.tournaments.cancelTitle', { name }),
          body: t('admin.tournaments.cancelBody'),
          confirmLabel: t('admin.tournaments.cancelConfirm'),
          cancelLabel: t('admin.tournaments.keep'),
          isDangerous: true,
        })
        if (!isConfirmed) return
        const result = await cancelAdminTournament(tournament.id)
        await queryClient.invalidateQueries({ queryKey: ['admin'] })
        onDone(
          t('admin.tournaments.cancelDone', {
            name,
            bets: number.format(result.refundedBets),
            amount: number.format(result.refundedCoins),
          }),
        )
      } catch (error) {
        await dialog.showMessage({
          title: t('admin.tournaments.cancelFailed', { message: messages.requestFailure(error) }),
        })
      }
    })

  // The domain decides which actions exist (decision 068); the server checks them again.
  // Cancelling cannot be undone: a red action, set apart from Settle by a rule, confirmed first.
  const cancelButton = (stage: SettlementStage) =>
    canCancel(tournament.status, stage) ? (
      <span className="border-l border-line pl-2">
        <Button
          size="sm"
          variant="danger-outline"
          aria-label={t('admin.tournaments.cancelFor', { name })}
          onClick={() => void cancel()}
        >
          <Ban aria-hidden="true" className="size-4" />
          {t('admin.tournaments.cancel')}
        </Button>
      </span>
    ) : null
  const stage = tournament.settlementStage
  if (isFollowing || stage === 'in_progress' || stage === 'stopped') {
    return (
      <SettlementProgressBar
        tournamentId={tournament.id}
        name={name}
        onResume={isFollowing ? undefined : () => void resume()}
        onRetry={() => void resume()}
        cancelAction={cancelButton}
        onCompleted={(progress) => void finishSettlement(progress)}
      />
    )
  }
  if (stage === 'cancelled') return null
  if (tournament.isSettled) {
    return <span className="text-sm text-muted">{t('admin.tournaments.settled')}</span>
  }
  if (tournament.status === 'completed') {
    return (
      <span className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('admin.tournaments.settleFor', { name })}
          onClick={() => void settle()}
        >
          <HandCoins aria-hidden="true" className="size-4" />
          {t('admin.tournaments.settle')}
        </Button>
        {cancelButton(stage)}
      </span>
    )
  }
  // A tournament being played may open its second chance (docs/product.md "Second chance") once the
  // server's rule allows it; until then the button says why not.
  if (tournament.status === 'upcoming' || tournament.status === 'active') {
    return (
      <span className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <SecondChanceAction tournament={tournament} onDone={onDone} />
        {cancelButton(stage)}
      </span>
    )
  }
  return cancelButton(stage)
}

function PreviewFigures({
  preview,
  format,
}: {
  preview: SettlementPreview
  format: Intl.NumberFormat
}) {
  const { t } = useTranslation()
  return (
    <ul className="space-y-1">
      <li>{t('admin.tournaments.preview.pool', { amount: format.format(preview.prizePool) })}</li>
      <li>{t('admin.tournaments.preview.participants', { count: preview.participantCount })}</li>
      <li>{t('admin.tournaments.preview.winners', { count: preview.totalWinners })}</li>
      <li>{t('admin.tournaments.preview.paid', { amount: format.format(preview.totalPaid) })}</li>
      <li>
        {t('admin.tournaments.preview.house', { amount: format.format(preview.houseRemainder) })}
      </li>
      {preview.isScaled && <li>{t('admin.tournaments.preview.scaled')}</li>}
    </ul>
  )
}
