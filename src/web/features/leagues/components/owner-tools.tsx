import { Lock, LockOpen, RefreshCw, Save, Trash2, UserCog } from 'lucide-react'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import {
  LEAGUE_NAME_MAX,
  LEAGUE_NAME_MIN,
  leagueNameProblem,
  type LeagueDetail,
} from '#shared/schemas/league'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { inputClasses } from '#web/components/ui/text-field'
import { useErrorMessage } from '#web/lib/error-message'
import { useDebouncedValue } from '#web/lib/use-debounced-value'
import { leaguesApi, useLeagueMembers, useLeagueMutation } from '../api/leagues'
import { transferCandidates } from '../league-view-model'
import { ConfirmDialog } from './confirm-dialog'
import { LeagueDetailsFields, type LeagueDetailsValues } from './league-details-fields'

type Confirming = 'renew' | 'transfer' | 'delete' | null

/** How long typing must pause before the member search asks the server. */
const SEARCH_PAUSE_MS = 250

/**
 * The owner's tools: edit the league, open or close joining, renew the invite (the old link dies),
 * hand the league to a member, delete it. Steps that cannot be undone ask first.
 */
export function OwnerTools({ league }: { league: LeagueDetail }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const errorMessage = useErrorMessage()
  const [confirming, setConfirming] = useState<Confirming>(null)
  const [status, setStatus] = useState<string | null>(null)
  // A league may hold 10,000: the owner searches by name, the list shows the first 50 found.
  const [search, setSearch] = useState('')
  const query = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS)
  const found = useLeagueMembers(league.id, { q: query, page: '1' })
  const candidates = transferCandidates(found.data?.members ?? [])
  const [newOwnerId, setNewOwnerId] = useState('')
  const transferSelectId = useId()
  const transferSearchId = useId()

  const update = useLeagueMutation((input: Parameters<typeof leaguesApi.update>[1]) =>
    leaguesApi.update(league.id, input),
  )
  const renew = useLeagueMutation(() => leaguesApi.renewInvite(league.id))
  const remove = useLeagueMutation(
    () => leaguesApi.remove(league.id),
    () => void navigate('/leagues'),
  )
  const failure = [update, renew, remove].find((mutation) => mutation.isError)?.error
  const close = () => {
    setConfirming(null)
    renew.reset()
    remove.reset()
    update.reset()
  }

  return (
    <section
      aria-labelledby="owner-tools-title"
      data-testid="owner-tools"
      className="flex flex-col gap-6 rounded-2xl border border-line bg-surface p-4 sm:p-6"
    >
      <h2 id="owner-tools-title" className="text-xl font-bold text-fg">
        {t('leagues.owner_tools')}
      </h2>
      <p role="status" className="min-h-5 text-sm text-success" data-testid="owner-status">
        {status}
      </p>
      {failure && confirming === null && (
        <Alert tone="error">{errorMessage(failure, t('leagues.action_failed'))}</Alert>
      )}

      <EditLeagueForm
        key={`${league.name}|${league.description}|${league.visibility}`}
        league={league}
        isPending={update.isPending}
        onSave={(values) =>
          update.mutate(values, { onSuccess: () => setStatus(t('leagues.saved')) })
        }
      />

      <ToolRow title={t('leagues.invite_tools')}>
        <Button
          variant="secondary"
          disabled={update.isPending}
          data-testid="toggle-joining"
          onClick={() =>
            update.mutate(
              { joiningOpen: !league.joiningOpen },
              {
                onSuccess: () =>
                  setStatus(
                    league.joiningOpen
                      ? t('leagues.joining_closed_done')
                      : t('leagues.joining_opened_done'),
                  ),
              },
            )
          }
        >
          {league.joiningOpen ? (
            <Lock aria-hidden="true" className="size-4" />
          ) : (
            <LockOpen aria-hidden="true" className="size-4" />
          )}
          {league.joiningOpen ? t('leagues.close_joining') : t('leagues.open_joining')}
        </Button>
        <Button
          variant="secondary"
          data-testid="renew-invite"
          onClick={() => setConfirming('renew')}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('leagues.renew_invite')}
        </Button>
      </ToolRow>

      <ToolRow title={t('leagues.transfer_title')}>
        {league.memberCount <= 1 ? (
          <p className="text-sm text-muted">{t('leagues.transfer_nobody')}</p>
        ) : (
          <div className="flex w-full flex-col gap-2 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1">
              <label htmlFor={transferSearchId} className="mb-1.5 block text-sm font-semibold">
                {t('leagues.transfer_search')}
              </label>
              <input
                id={transferSearchId}
                type="search"
                value={search}
                maxLength={LEAGUE_NAME_MAX}
                onChange={(event) => {
                  setSearch(event.target.value)
                  setNewOwnerId('')
                }}
                className={inputClasses}
              />
            </div>
            <div className="min-w-0 flex-1">
              <label htmlFor={transferSelectId} className="mb-1.5 block text-sm font-semibold">
                {t('leagues.transfer_to')}
              </label>
              <select
                id={transferSelectId}
                value={newOwnerId}
                onChange={(event) => setNewOwnerId(event.target.value)}
                className={inputClasses}
              >
                <option value="">{t('leagues.transfer_choose')}</option>
                {candidates.map((member) => (
                  <option key={member.userId} value={member.userId}>
                    {member.username}
                  </option>
                ))}
              </select>
            </div>
            <Button
              variant="secondary"
              className="self-start"
              disabled={newOwnerId === ''}
              onClick={() => setConfirming('transfer')}
            >
              <UserCog aria-hidden="true" className="size-4" />
              {t('leagues.transfer')}
            </Button>
          </div>
        )}
      </ToolRow>

      <ToolRow title={t('leagues.delete_title')}>
        <Button
          variant="secondary"
          data-testid="delete-league"
          onClick={() => setConfirming('delete')}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('leagues.delete')}
        </Button>
      </ToolRow>

      <ConfirmDialog
        open={confirming === 'renew'}
        title={t('leagues.renew_title')}
        body={t('leagues.renew_body')}
        confirmLabel={t('leagues.renew_invite')}
        isPending={renew.isPending}
        error={renew.isError ? errorMessage(renew.error, t('leagues.action_failed')) : null}
        onClose={close}
        onConfirm={() =>
          renew.mutate(undefined, {
            onSuccess: () => {
              close()
              setStatus(t('leagues.renewed'))
            },
          })
        }
        testId="renew-dialog"
      />
      <ConfirmDialog
        open={confirming === 'transfer'}
        title={t('leagues.transfer_title')}
        body={t('leagues.transfer_body', {
          username: candidates.find((m) => m.userId === newOwnerId)?.username ?? '',
        })}
        confirmLabel={t('leagues.transfer')}
        isPending={update.isPending}
        error={update.isError ? errorMessage(update.error, t('leagues.action_failed')) : null}
        onClose={close}
        onConfirm={() => update.mutate({ ownerId: newOwnerId }, { onSuccess: close })}
        testId="transfer-dialog"
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        title={t('leagues.delete_title')}
        body={t('leagues.delete_body', { name: league.name })}
        confirmLabel={t('leagues.delete')}
        isDestructive
        isPending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t('leagues.action_failed')) : null}
        onClose={close}
        onConfirm={() => remove.mutate(undefined)}
        testId="delete-dialog"
      />
    </section>
  )
}

function ToolRow({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-4">
      <h3 className="font-semibold text-fg">{title}</h3>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  )
}

function EditLeagueForm({
  league,
  isPending,
  onSave,
}: {
  league: LeagueDetail
  isPending: boolean
  onSave: (values: LeagueDetailsValues) => void
}) {
  const { t } = useTranslation()
  const errorId = useId()
  const [values, setValues] = useState<LeagueDetailsValues>({
    name: league.name,
    description: league.description,
    visibility: league.visibility,
  })
  const [problem, setProblem] = useState<string | null>(null)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const name = values.name.trim()
    const nameProblem = leagueNameProblem(name)
    if (nameProblem !== null) {
      setProblem(
        nameProblem === 'characters'
          ? t('leagues.name_characters')
          : t('leagues.name_invalid', { min: LEAGUE_NAME_MIN, max: LEAGUE_NAME_MAX }),
      )
      return
    }
    setProblem(null)
    onSave({ ...values, name, description: values.description.trim() })
  }
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="edit-league">
      {problem && (
        <Alert tone="error" id={errorId}>
          {problem}
        </Alert>
      )}
      <LeagueDetailsFields
        values={values}
        onChange={setValues}
        isInvalid={problem !== null}
        errorId={errorId}
      />
      <Button type="submit" variant="primary" disabled={isPending} className="self-start">
        <Save aria-hidden="true" className="size-4" />
        {t('leagues.save')}
      </Button>
    </form>
  )
}
