import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminTeam, TeamInput } from '#shared/schemas/admin'
import { PageContainer } from '#web/components/page-container'
import { useAdminPlayers } from '../api/players'
import {
  adminTeamQueryOptions,
  createAdminTeam,
  updateAdminTeam,
  useAdminTeams,
} from '../api/teams'
import { useAdminTournaments } from '../api/tournaments'
import { validateTeamForm, type TeamFormValues } from '../form-validation'
import { useAdminForm } from '../use-admin-form'
import { useGoBack } from '../use-go-back'
import {
  EditRecordGate,
  FormActions,
  FormCard,
  SelectField,
  LoadError,
  LoadingBlock,
  TournamentSelectField,
} from './admin-ui'

function TeamFields({ id, initial }: { id?: string; initial: TeamFormValues }) {
  const { t } = useTranslation()
  const goBack = useGoBack('/admin/teams')
  const tournaments = useAdminTournaments()
  const players = useAdminPlayers()
  const firstPlayer = useRef<HTMLSelectElement>(null)
  // Adding: the first tournament is chosen until the admin picks another (docs/product.md "Screens and routes").
  const firstTournament = tournaments.data?.tournaments[0]?.id ?? ''
  const form = useAdminForm({
    initial,
    save: (input: TeamInput): Promise<AdminTeam> =>
      id ? updateAdminTeam(id, input) : createAdminTeam(input),
    listPath: '/admin/teams',
    failureTitle: (message) =>
      t(id ? 'admin.failed.update_team' : 'admin.failed.add_team', { message }),
    // Sixteen pairs in a row: the tournament stays, the players clear, and the first field to
    // fill takes the focus.
    addAnother: id
      ? undefined
      : {
          next: (saved) => ({
            tournamentId: saved.tournamentId || firstTournament,
            player1Id: '',
            player2Id: '',
          }),
          onReady: () => firstPlayer.current?.focus(),
        },
  })
  const { values, setValues } = form
  const tournamentId = values.tournamentId || firstTournament
  const current = { ...values, tournamentId }
  // A player plays in one pair per tournament: those already paired (in another pair) are hidden.
  const teams = useAdminTeams(tournamentId)
  const paired = new Set(
    (teams.data?.teams ?? [])
      .filter((team) => team.id !== id)
      .flatMap((team) => [team.player1Id, team.player2Id]),
  )

  if (tournaments.isPending || players.isPending) return <LoadingBlock />
  if (tournaments.isError) return <LoadError onRetry={() => void tournaments.refetch()} />
  if (players.isError) return <LoadError onRetry={() => void players.refetch()} />

  const allPlayers = players.data.players.filter((player) => !paired.has(player.id))
  return (
    <FormCard>
      <form
        noValidate
        onSubmit={form.submitWith(() => validateTeamForm(current))}
        className="flex flex-col gap-5"
      >
        <TournamentSelectField
          tournaments={tournaments.data.tournaments}
          placeholder={t('admin.common.selectPlaceholder')}
          label={t('admin.teams.fields.tournament')}
          value={tournamentId}
          isInvalid={form.isInvalid('tournamentId')}
          onChange={(event) => setValues((v) => ({ ...v, tournamentId: event.target.value }))}
        />
        <SelectField
          ref={firstPlayer}
          name="player1Id"
          label={t('admin.teams.fields.player1')}
          value={values.player1Id}
          isInvalid={form.isInvalid('player1Id')}
          error={form.errorOf('player1Id')}
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
          isInvalid={form.isInvalid('player2Id')}
          error={form.errorOf('player2Id')}
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
        <FormActions onCancel={goBack} isSaving={form.isSaving} addAnother={!id} />
        <p role="status" className="text-sm text-muted" data-testid="pair-added">
          {form.addedCount > 0 ? t('admin.teams.added', { count: form.addedCount }) : ''}
        </p>
      </form>
      {form.dialogElement}
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
    <PageContainer
      width="narrow"
      title={title}
      description={t('admin.teams.description')}
      back={{ to: '/admin/teams', label: t('admin.teams.back') }}
    >
      {id ? (
        <EditTeam id={id} />
      ) : (
        <TeamFields initial={{ tournamentId: '', player1Id: '', player2Id: '' }} />
      )}
    </PageContainer>
  )
}
