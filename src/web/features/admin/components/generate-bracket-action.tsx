import { useQueryClient } from '@tanstack/react-query'
import { GitFork } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { AdminTournament } from '#shared/schemas/admin'
import { Button } from '#web/components/ui/button'
import { useAdminMessages } from '../admin-messages'
import { generateAdminBracket } from '../api/operations'
import { useOneFlowAtATime } from '../use-one-flow-at-a-time'
import type { useAdminDialog } from './admin-dialog'

type Dialog = ReturnType<typeof useAdminDialog>

/**
 * Generate bracket, for a tournament without matches: confirm, then the server draws the 15
 * matches from the 16 pairs. A refusal (409: matches exist already, not 16 pairs) shows the
 * server's reason.
 */
export function GenerateBracketAction({
  tournament,
  dialog,
  onDone,
}: {
  tournament: AdminTournament
  dialog: Dialog
  onDone: (message: string) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const messages = useAdminMessages()
  const run = useOneFlowAtATime()
  const { name } = tournament

  const generate = () =>
    run(async () => {
      try {
        const isConfirmed = await dialog.confirm({
          title: t('admin.tournaments.bracketTitle', { name }),
          body: t('admin.tournaments.bracketBody', { pairs: tournament.pairCount }),
          confirmLabel: t('admin.tournaments.bracketConfirm'),
        })
        if (!isConfirmed) return
        const result = await generateAdminBracket(tournament.id)
        await queryClient.invalidateQueries({ queryKey: ['admin'] })
        onDone(t('admin.tournaments.bracketDone', { name, matches: result.matches.length }))
      } catch (error) {
        await dialog.showMessage({
          title: t('admin.tournaments.bracketFailed', { message: messages.requestFailure(error) }),
        })
      }
    })

  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={t('admin.tournaments.bracketFor', { name })}
      onClick={() => void generate()}
    >
      <GitFork aria-hidden="true" className="size-4" />
      {t('admin.tournaments.bracket')}
    </Button>
  )
}
