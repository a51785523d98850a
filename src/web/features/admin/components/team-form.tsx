import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Save } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate } from 'react-router'
import type { AdminTeam, TeamInput } from '../../../../shared/schemas/admin'
import { PageContainer } from '../../../components/page-container'
import { Button } from '../../../components/ui/button'
import { ApiError } from '../../../lib/api-client'
import { useAdminMessages } from '../admin-messages'
import { useAdminPlayers } from '../api/players'
import { adminTeamQueryOptions, createAdminTeam, updateAdminTeam } from '../api/teams'
import { useAdminTournaments } from '../api/tournaments'
import { validateTeamForm, type TeamFormValues } from '../form-validation'
import { useGoBack } from '../use-go-back'
import { useAdminDialog } from './admin-dialog'
import { FormCard, LoadError, LoadingBlock, SelectField } from './admin-ui'

function TeamFields({ id, initial }: { id?: string; initial: TeamFormValues }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const goBack = useGoBack('/admin/teams')
  const dialog = useAdminDialog()
  const messages = useAdminMessages()
  const tournaments = useAdminTournaments()
  const players = useAdminPlayers()
  const [values, setValues] = useState(initial)
  const [invalid, setInvalid] = useState<readonly string[]>([])

  // Adding: the first tournament is chosen until the admin picks another (spec §2).
  const tournamentId = values.tournamentId || (tournaments.data?.tournaments[0]?.id ?? '')
  const current = { ...values, tournamentId }

  const save = useMutation({
    mutationFn: (input: TeamInput): Promise<AdminTeam> =>
      id ? updateAdminTeam(id, input) : createAdminTeam(input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
      await navigate('/admin/teams')
    },
    onError: (error) =>
      dialog.showMessage({
        title: t(id ? 'admin.failed.update_team' : 'admin.failed.add_team', {
          message: messages.requestFailure(error),
        }),
      }),
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const result = validateTeamForm(current)
    if (!result.ok) {
      setInvalid(result.errors.map((error) => error.field))
      void dialog.showMessage({
        title: t('admin.dialog.fixErrors'),
        items: messages.validationMessages(result.errors),
      })
      return
    }
    setInvalid([])
    save.mutate(result.data)
  }

  if (tournaments.isPending || players.isPending) return <LoadingBlock />
  if (tournaments.isError) return <LoadError onRetry={() => void tournaments.refetch()} />
  if (players.isError) return <LoadError onRetry={() => void players.refetch()} />

  const allPlayers = players.data.players
  return (
    <FormCard>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <SelectField
          name="tournamentId"
          label={t('admin.teams.fields.tournament')}
          value={tournamentId}
          isInvalid={invalid.includes('tournamentId')}
          onChange={(event) => setValues((v) => ({ ...v, tournamentId: event.target.value }))}
        >
          <option value="" disabled>
            {t('admin.common.selectPlaceholder')}
          </option>
          {tournaments.data.tournaments.map((tournament) => (
            <option key={tournament.id} value={tournament.id}>
              {tournament.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="player1Id"
          label={t('admin.teams.fields.player1')}
          value={values.player1Id}
          isInvalid={invalid.includes('player1Id')}
          onChange={(event) => {
            const player1Id = event.target.value
            setValues((v) => ({
              ...v,
              player1Id,
              player2Id: v.player2Id === player1Id ? '' : v.player2Id,
            }))
          }}
        >
          <option value="" disabled>
            {t('admin.common.selectPlaceholder')}
          </option>
          {allPlayers.map((player) => (
            <option key={player.id} value={player.id}>
              {player.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="player2Id"
          label={t('admin.teams.fields.player2')}
          value={values.player2Id}
          disabled={values.player1Id === ''}
          isInvalid={invalid.includes('player2Id')}
          onChange={(event) => setValues((v) => ({ ...v, player2Id: event.target.value }))}
        >
          <option value="" disabled>
            {t('admin.common.selectPlaceholder')}
          </option>
          {allPlayers
            .filter((player) => player.id !== values.player1Id)
            .map((player) => (
              <option key={player.id} value={player.id}>
                {player.name}
              </option>
            ))}
        </SelectField>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={goBack}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            <Save aria-hidden="true" className="size-4" />
            {save.isPending ? t('admin.common.saving') : t('admin.common.save')}
          </Button>
        </div>
      </form>
      {dialog.element}
    </FormCard>
  )
}

function EditTeam({ id }: { id: string }) {
  const query = useQuery(adminTeamQueryOptions(id))
  if (query.isPending) return <LoadingBlock />
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return <Navigate to="/admin/teams" replace />
    }
    return <LoadError onRetry={() => void query.refetch()} />
  }
  const team = query.data
  return (
    <TeamFields
      key={team.id}
      id={team.id}
      initial={{
        tournamentId: team.tournamentId,
        player1Id: team.player1Id,
        player2Id: team.player2Id,
      }}
    />
  )
}

/** /admin/teams/new and /admin/teams/:id/edit */
export function TeamForm({ id }: { id?: string }) {
  const { t } = useTranslation()
  const title = id ? t('admin.teams.edit') : t('admin.teams.new')
  return (
    <PageContainer width="narrow" title={title} description={t('admin.teams.description')}>
      {id ? (
        <EditTeam id={id} />
      ) : (
        <TeamFields initial={{ tournamentId: '', player1Id: '', player2Id: '' }} />
      )}
    </PageContainer>
  )
}
