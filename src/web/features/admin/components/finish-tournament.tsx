import { useQueryClient } from '@tanstack/react-query'
import { Flag, Trophy } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminTournament } from '#shared/schemas/admin'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { useAdminMessages } from '../admin-messages'
import { updateAdminTournament } from '../api/tournaments'
import { completedInput, finishStepOf } from '../finish-steps'
import { useOneFlowAtATime } from '../use-one-flow-at-a-time'
import { useAdminDialog } from './admin-dialog'
import { MvpPicker } from './mvp-picker'
import { TournamentActions } from './tournament-actions'

/**
 * On the results page, once every match has a result: the way to the payout, one step at a time
 * (docs/product.md "Where we differ from the seed on purpose") — finish the tournament (it becomes completed), choose its MVP, settle.
 * The server checks each step again.
 */
export function FinishTournament({
  tournament,
  decided,
  total,
}: {
  tournament: AdminTournament
  decided: number
  total: number
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const queryClient = useQueryClient()
  const messages = useAdminMessages()
  const dialog = useAdminDialog()
  const run = useOneFlowAtATime()
  const [isPickingMvp, setIsPickingMvp] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const step = finishStepOf(tournament, { decided, total })
  const { name } = tournament

  const complete = () =>
    run(async () => {
      const isConfirmed = await dialog.confirm({
        title: t('admin.screens.results.finish.confirmTitle', { name }),
        body: t('admin.screens.results.finish.confirmBody'),
        confirmLabel: t('admin.screens.results.finish.action'),
      })
      if (!isConfirmed) return
      try {
        await updateAdminTournament(tournament.id, completedInput(tournament))
        await queryClient.invalidateQueries({ queryKey: ['admin'] })
        setNotice(t('admin.screens.results.finish.completed', { name }))
      } catch (error) {
        await dialog.showMessage({
          title: t('admin.screens.results.finish.failed', {
            message: messages.requestFailure(error),
          }),
        })
      }
    })

  if (step === null && notice === null) return null
  return (
    <section
      aria-labelledby={titleId}
      data-testid="finish-tournament"
      className="mb-4 rounded-xl border border-line bg-surface p-4"
    >
      <h2 id={titleId} className="flex items-center gap-2 text-base font-bold text-fg">
        <Flag aria-hidden="true" className="size-5 text-brand" />
        {t('admin.screens.results.finish.title', { total })}
      </h2>
      {notice && (
        <Alert tone="success" className="mt-3">
          {notice}
        </Alert>
      )}
      {step && (
        <p className="mt-1 text-sm text-muted">{t(`admin.screens.results.finish.${step}`)}</p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {step === 'complete' && (
          <Button variant="primary" onClick={() => void complete()}>
            <Flag aria-hidden="true" className="size-4" />
            {t('admin.screens.results.finish.action')}
          </Button>
        )}
        {step === 'mvp' && (
          <Button variant="primary" onClick={() => setIsPickingMvp(true)}>
            <Trophy aria-hidden="true" className="size-4" />
            {t('admin.tournaments.setMvp')}
          </Button>
        )}
        {step === 'settle' && (
          <TournamentActions tournament={tournament} dialog={dialog} onDone={setNotice} />
        )}
      </div>
      {dialog.element}
      {isPickingMvp && (
        <MvpPicker
          tournament={tournament}
          onClose={() => setIsPickingMvp(false)}
          onSaved={(playerName) => {
            setIsPickingMvp(false)
            setNotice(t('admin.tournaments.mvpSaved', { player: playerName, name }))
          }}
        />
      )}
    </section>
  )
}
