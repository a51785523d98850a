import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { AdminTeam, TeamInput } from '../../../../shared/schemas/admin'
import { PageContainer } from '../../../components/page-container'
import { useAdminMessages } from '../admin-messages'
import { useAdminPlayers } from '../api/players'
import { adminTeamQueryOptions, createAdminTeam, updateAdminTeam } from '../api/teams'
import { useAdminTournaments } from '../api/tournaments'
import { validateTeamForm, type TeamFormValues } from '../form-validation'
import { useGoBack } from '../use-go-back'
import { useAdminDialog } from './admin-dialog'
import {
  EditRecordGate,
  FormActions,
  FormCard,
  SelectField,
  LoadError,
  LoadingBlock,
} from './admin-ui'

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
        <FormActions onCancel={goBack} isSaving={save.isPending} />
      </form>
      {dialog.element}
    </FormCard>
  )
}

function EditTeam({ id }: { id: string }) {
  const query = useQuery(adminTeamQueryOptions(id))
  return (
    <EditRecordGate query={query} listPath="/admin/teams">
      {(team) => (
        <TeamFields
          key={team.id}
          id={team.id}
          initial={{
            tournamentId: team.tournamentId,
            player1Id: team.player1Id,
            player2Id: team.player2Id,
          }}
        />
      )}
    </EditRecordGate>
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
