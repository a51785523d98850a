import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import type { AdminMatch, AdminTeam, MatchInput } from '#shared/schemas/admin'
import { MatchRoundSchema, type MatchRound } from '#shared/schemas/tournament'
import { PageContainer } from '#web/components/page-container'
import { Alert } from '#web/components/ui/alert'
import { TextField } from '#web/components/ui/text-field'
import { adminMatchQueryOptions, createAdminMatch, updateAdminMatch } from '../api/matches'
import { useAdminTeams } from '../api/teams'
import { useAdminTournaments } from '../api/tournaments'
import { validateMatchForm, type MatchFormValues } from '../form-validation'
import { useAdminForm } from '../use-admin-form'
import { MatchScheduleFields, scheduleFormValues } from './match-schedule-fields'
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

const teamName = (team: AdminTeam) => `${team.player1.name} / ${team.player2.name}`

/** The list the admin came from, with its filter (MatchListState), else the whole list. */
export function matchListUrl(state: unknown): string {
  const listUrl =
    typeof state === 'object' && state !== null && 'listUrl' in state ? state.listUrl : undefined
  return typeof listUrl === 'string' && /^\/admin\/matches(?:\?|$)/.test(listUrl)
    ? listUrl
    : '/admin/matches'
}

function MatchFields({ id, initial }: { id?: string; initial: MatchFormValues }) {
  const { t } = useTranslation()
  const listUrl = matchListUrl(useLocation().state)
  const goBack = useGoBack(listUrl)
  const tournaments = useAdminTournaments()
  const form = useAdminForm({
    initial,
    save: (input: MatchInput): Promise<AdminMatch> =>
      id ? updateAdminMatch(id, input) : createAdminMatch(input),
    listPath: listUrl,
    failureTitle: (message) =>
      t(id ? 'admin.failed.update_match' : 'admin.failed.add_match', { message }),
  })
  const { values, setValues } = form

  // Adding: the first tournament is preselected until the admin picks another (docs/product.md "Screens and routes").
  const tournamentId = values.tournamentId || (tournaments.data?.tournaments[0]?.id ?? '')
  const current = { ...values, tournamentId }
  const teams = useAdminTeams(tournamentId)
  const teamList = teams.data?.teams ?? []
  const hasTournament = tournamentId !== ''
  const chosenTeams = teamList.filter(
    (team) => team.id === current.team1Id || team.id === current.team2Id,
  )

  const update = (patch: Partial<MatchFormValues>) =>
    setValues((v) => {
      const next = { ...v, ...patch }
      // The winner must stay one of the two teams.
      if (next.winnerTeamId !== '' && ![next.team1Id, next.team2Id].includes(next.winnerTeamId)) {
        next.winnerTeamId = ''
      }
      return next
    })

  if (tournaments.isPending) return <LoadingBlock />
  if (tournaments.isError) return <LoadError onRetry={() => void tournaments.refetch()} />

  const teamsDisabled = !hasTournament || teams.isPending
  return (
    <FormCard>
      <form
        noValidate
        onSubmit={form.submitWith(() => validateMatchForm(current, { teamCount: teamList.length }))}
        className="flex flex-col gap-5"
      >
        <TournamentSelectField
          tournaments={tournaments.data.tournaments}
          placeholder={t('admin.matches.fields.selectTournament')}
          label={t('admin.matches.fields.tournament')}
          value={tournamentId}
          isInvalid={form.isInvalid('tournamentId')}
          onChange={(event) =>
            update({ tournamentId: event.target.value, team1Id: '', team2Id: '', winnerTeamId: '' })
          }
        />

        {hasTournament && teams.isSuccess && teamList.length === 0 && (
          <Alert tone="info" role="status" testId="no-teams">
            {t('admin.matches.noTeams')}{' '}
            <Link
              to="/admin/teams/new"
              className="font-semibold text-brand underline underline-offset-4"
            >
              {t('admin.matches.createTeamsFirst')}
            </Link>
          </Alert>
        )}
        {teams.isError && <LoadError onRetry={() => void teams.refetch()} />}

        <SelectField
          name="team1Id"
          label={t('admin.matches.fields.team1')}
          value={current.team1Id}
          disabled={teamsDisabled}
          isInvalid={form.isInvalid('team1Id')}
          onChange={(event) => {
            const team1Id = event.target.value
            update({ team1Id, team2Id: current.team2Id === team1Id ? '' : current.team2Id })
          }}
        >
          <option value="">{t('admin.matches.fields.noTeam')}</option>
          {teamList.map((team) => (
            <option key={team.id} value={team.id}>
              {teamName(team)}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="team2Id"
          label={t('admin.matches.fields.team2')}
          value={current.team2Id}
          disabled={teamsDisabled}
          isInvalid={form.isInvalid('team2Id')}
          onChange={(event) => update({ team2Id: event.target.value })}
        >
          <option value="">{t('admin.matches.fields.noTeam')}</option>
          {teamList
            .filter((team) => team.id !== current.team1Id)
            .map((team) => (
              <option key={team.id} value={team.id}>
                {teamName(team)}
              </option>
            ))}
        </SelectField>
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            name="round"
            label={t('admin.matches.fields.round')}
            value={current.round}
            onChange={(event) => update({ round: event.target.value as MatchRound })}
          >
            {MatchRoundSchema.options.map((round) => (
              <option key={round} value={round}>
                {t(`admin.rounds.${round}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            name="matchNumber"
            label={t('admin.matches.fields.matchNumber')}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            required
            value={current.matchNumber}
            isInvalid={form.isInvalid('matchNumber')}
            onChange={(event) => update({ matchNumber: event.target.value })}
          />
        </div>
        <SelectField
          name="winnerTeamId"
          label={t('admin.matches.fields.winner')}
          value={current.winnerTeamId}
          disabled={chosenTeams.length === 0}
          isInvalid={form.isInvalid('winnerTeamId')}
          onChange={(event) => update({ winnerTeamId: event.target.value })}
        >
          <option value="">{t('admin.matches.fields.noTeam')}</option>
          {chosenTeams.map((team) => (
            <option key={team.id} value={team.id}>
              {teamName(team)}
            </option>
          ))}
        </SelectField>
        <MatchScheduleFields
          values={current}
          isInvalid={form.isInvalid}
          onChange={(patch) => update(patch)}
        />
        <FormActions onCancel={goBack} isSaving={form.isSaving} />
      </form>
      {form.dialogElement}
    </FormCard>
  )
}

function EditMatch({ id }: { id: string }) {
  const { t } = useTranslation()
  const query = useQuery(adminMatchQueryOptions(id))
  // The spec's edit-match screen says 'Loading...' in words rather than a spinner.
  const pending = (
    <p className="text-muted" role="status">
      {t('admin.common.loading')}
    </p>
  )
  return (
    <EditRecordGate query={query} listPath="/admin/matches" pending={pending}>
      {(match) => (
        <MatchFields
          key={match.id}
          id={match.id}
          initial={{
            tournamentId: match.tournamentId,
            team1Id: match.team1Id ?? '',
            team2Id: match.team2Id ?? '',
            round: match.round,
            matchNumber: String(match.matchNumber),
            winnerTeamId: match.winnerTeamId ?? '',
            ...scheduleFormValues(match),
          }}
        />
      )}
    </EditRecordGate>
  )
}

/** /admin/matches/new and /admin/matches/:id/edit */
export function MatchForm({ id }: { id?: string }) {
  const { t } = useTranslation()
  const title = id ? t('admin.matches.edit') : t('admin.matches.new')
  return (
    <PageContainer
      width="narrow"
      title={title}
      description={t('admin.matches.description')}
      back={{ to: '/admin/matches', label: t('admin.matches.back') }}
    >
      {id ? (
        <EditMatch id={id} />
      ) : (
        <MatchFields
          initial={{
            tournamentId: '',
            team1Id: '',
            team2Id: '',
            round: 'round16',
            matchNumber: '1',
            winnerTeamId: '',
            startsAtDate: '',
            startsAtTime: '',
            court: '',
          }}
        />
      )}
    </PageContainer>
  )
}
