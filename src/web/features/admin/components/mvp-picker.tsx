import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminTournament } from '../../../../shared/schemas/admin'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { ApiError } from '../../../lib/api-client'
import { setTournamentMvp } from '../api/tournaments'
import { useAdminTeams } from '../api/teams'
import { filterByName } from '../filter-by-name'
import { playersOfTeams, type CandidatePlayer } from '../mvp-candidates'
import { Modal } from './admin-dialog'
import { LoadError, LoadingBlock } from './admin-ui'

/**
 * Set MVP (DESIGN §7): a searchable list of the tournament's players instead of the spec's
 * free-text prompt. The text filters names (contains, any case); Enter picks the first match, as
 * the prompt did; no match answers 'Player not found…'. The server checks the choice again.
 */
export function MvpPicker({
  tournament,
  onClose,
  onSaved,
}: {
  tournament: AdminTournament
  onClose: () => void
  onSaved: (playerName: string) => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const queryClient = useQueryClient()
  const teams = useAdminTeams(tournament.id)
  const [search, setSearch] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const players = useMemo(() => playersOfTeams(teams.data?.teams ?? []), [teams.data])
  const matches = filterByName(players, search)

  const save = useMutation({
    mutationFn: (player: CandidatePlayer) => setTournamentMvp(tournament.id, player.id),
    onSuccess: async (_result, player) => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'tournaments'] })
      onSaved(player.name)
    },
    onError: (error) =>
      setProblem(
        error instanceof ApiError
          ? t('admin.tournaments.mvpError', { message: error.message })
          : t('admin.tournaments.mvpErrorGeneric'),
      ),
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const first = matches[0]
    if (search.trim() === '' || !first) {
      setProblem(t('admin.tournaments.playerNotFound'))
      return
    }
    save.mutate(first)
  }

  return (
    <Modal isOpen onClose={onClose} labelledBy={titleId} testId="mvp-picker">
      <h2 id={titleId} className="text-lg font-bold text-fg">
        {t('admin.tournaments.mvpPicker.title', { name: tournament.name })}
      </h2>
      {teams.isPending ? (
        <LoadingBlock />
      ) : teams.isError ? (
        <LoadError onRetry={() => void teams.refetch()} />
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
          {problem && <Alert tone="error">{problem}</Alert>}
          <TextField
            label={t('admin.tournaments.mvpPicker.searchLabel')}
            placeholder={t('admin.tournaments.mvpPicker.placeholder')}
            value={search}
            autoFocus
            autoComplete="off"
            onChange={(event) => {
              setSearch(event.target.value)
              setProblem(null)
            }}
          />
          {matches.length === 0 ? (
            <p className="text-sm text-muted">{t('admin.tournaments.mvpPicker.noMatches')}</p>
          ) : (
            <ul className="max-h-64 divide-y divide-line overflow-y-auto rounded-xl border border-line">
              {matches.map((player) => (
                <li key={player.id} className="flex items-center justify-between gap-3 px-3 py-2">
                  <span className="text-sm font-semibold text-fg">{player.name}</span>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={save.isPending}
                    aria-label={`${t('admin.tournaments.mvpPicker.choose')}: ${player.name}`}
                    onClick={() => save.mutate(player)}
                  >
                    {t('admin.tournaments.mvpPicker.choose')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('admin.dialog.cancel')}
            </Button>
            <Button type="submit" variant="primary" disabled={save.isPending}>
              {t('admin.tournaments.setMvp')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  )
}
