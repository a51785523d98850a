import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trophy } from 'lucide-react'
import { useId, useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminTournament } from '#shared/schemas/admin'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { Modal } from '#web/components/ui/modal'
import { TextField } from '#web/components/ui/text-field'
import { cn } from '#web/lib/cn'
import { useAdminMessages } from '../admin-messages'
import { useAdminMatches } from '../api/matches'
import { setTournamentMvp } from '../api/tournaments'
import { useAdminTeams } from '../api/teams'
import { filterByName } from '../filter-by-name'
import { playersOfTeams, type MvpCandidate } from '../mvp-candidates'
import { LoadError, LoadingBlock } from './admin-ui'

/**
 * Set MVP: the tournament's players as one choice (radio buttons), the champion pair first and
 * marked, a name filter for long lists, and a single confirm. The server checks the choice again.
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
  const messages = useAdminMessages()
  const teams = useAdminTeams(tournament.id)
  const matches = useAdminMatches(tournament.id)
  const [search, setSearch] = useState('')
  const [chosenId, setChosenId] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const championId =
    matches.data?.matches.find((match) => match.round === 'final')?.winnerTeamId ?? null
  const players = useMemo(
    () => playersOfTeams(teams.data?.teams ?? [], championId),
    [teams.data, championId],
  )
  const shown = filterByName(players, search)
  const chosen = players.find((player) => player.id === chosenId) ?? null

  const save = useMutation({
    mutationFn: (player: MvpCandidate) => setTournamentMvp(tournament.id, player.id),
    onSuccess: async (_result, player) => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
      onSaved(player.name)
    },
    onError: (error) =>
      setProblem(t('admin.tournaments.mvpError', { message: messages.requestFailure(error) })),
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!chosen) {
      setProblem(t('admin.screens.mvp.chooseFirst'))
      return
    }
    save.mutate(chosen)
  }

  let body
  if (teams.isPending || matches.isPending) body = <LoadingBlock />
  else if (teams.isError) body = <LoadError onRetry={() => void teams.refetch()} />
  else if (matches.isError) body = <LoadError onRetry={() => void matches.refetch()} />
  else {
    body = (
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        {problem && <Alert tone="error">{problem}</Alert>}
        <TextField
          label={t('admin.tournaments.mvpPicker.searchLabel')}
          placeholder={t('admin.tournaments.mvpPicker.placeholder')}
          value={search}
          autoFocus
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-fg">
            {t('admin.screens.mvp.legend')}
          </legend>
          {shown.length === 0 ? (
            <p className="text-sm text-muted">{t('admin.tournaments.mvpPicker.noMatches')}</p>
          ) : (
            <ul className="max-h-64 divide-y divide-line overflow-y-auto rounded-xl border border-line">
              {shown.map((player) => (
                <li key={player.id}>
                  <label
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm text-fg hover:bg-surface-2',
                      player.id === chosenId && 'bg-surface-2 font-semibold',
                    )}
                  >
                    <input
                      type="radio"
                      name="mvp"
                      value={player.id}
                      checked={player.id === chosenId}
                      onChange={() => {
                        setChosenId(player.id)
                        setProblem(null)
                      }}
                      className="size-4 accent-brand"
                    />
                    <span className="min-w-0 flex-1">{player.name}</span>
                    {player.isChampion && (
                      <span className="inline-flex items-center gap-1 rounded-full border border-line bg-surface-2 px-2 py-0.5 text-xs font-semibold text-fg">
                        <Trophy aria-hidden="true" className="size-3.5" />
                        {t('admin.screens.mvp.champion')}
                      </span>
                    )}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('admin.dialog.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {chosen
              ? t('admin.screens.mvp.confirmNamed', { name: chosen.name })
              : t('admin.screens.mvp.confirm')}
          </Button>
        </div>
      </form>
    )
  }

  return (
    <Modal open onClose={onClose} labelledBy={titleId} testId="mvp-picker">
      <h2 id={titleId} className="text-lg font-bold text-fg">
        {t('admin.tournaments.mvpPicker.title', { name: tournament.name })}
      </h2>
      {body}
    </Modal>
  )
}
