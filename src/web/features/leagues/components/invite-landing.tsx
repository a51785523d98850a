import { LogIn, UserPlus, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { Alert } from '#web/components/ui/alert'
import { Button, ButtonLink } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'
import { ApiError } from '#web/lib/api-client'
import { useErrorMessage } from '#web/lib/error-message'
import { useNumberFormat } from '#web/lib/format'
import { useSession } from '#web/lib/session'
import { leaguesApi, useInvitePreview, useLeagueMutation } from '../api/leagues'
import { leaguePath } from '../league-view-model'

/**
 * Where an invite link lands (docs/product.md "Leagues"): who invites, the league's name, description and
 * size (decision 166). A visitor is
 * offered sign-up or sign-in and comes back here after (decision 107); a signed-in fan joins.
 */
export function InviteLanding({ code }: { code: string }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const session = useSession()
  const isSignedIn = session.status === 'signed-in'
  const preview = useInvitePreview(code, isSignedIn)

  if (session.status === 'loading' || preview.isPending) {
    return <Spinner label={t('leagues.loading')} className="min-h-[30vh]" />
  }
  if (preview.isError) {
    const isDead =
      preview.error instanceof ApiError &&
      (preview.error.status === 404 || preview.error.status === 410 || preview.error.status === 409)
    return (
      <div data-testid="invite-invalid" className="flex flex-col items-start gap-4">
        <Alert
          tone="error"
          title={isDead ? t('leagues.invite_dead_title') : t('leagues.load_error')}
        >
          {isDead ? t('leagues.invite_dead_body') : null}
        </Alert>
        {!isDead && (
          <Button variant="secondary" onClick={() => void preview.refetch()}>
            {t('common.tryAgain')}
          </Button>
        )}
      </div>
    )
  }
  const league = preview.data
  return (
    <section
      data-testid="invite-preview"
      aria-labelledby="invite-league-name"
      className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-6"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand">
          <Users aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="text-sm text-muted" data-testid="invite-inviter">
            {t('leagues.invited_by', { username: league.ownerUsername })}
          </p>
          <h2 id="invite-league-name" className="text-2xl font-extrabold break-words text-fg">
            {league.name}
          </h2>
          {league.description && (
            <p className="mt-1 break-words text-fg" data-testid="invite-description">
              {league.description}
            </p>
          )}
          <p className="mt-1 text-sm text-muted" data-testid="invite-member-count">
            {t('leagues.member_count', {
              count: league.memberCount,
              members: number.format(league.memberCount),
            })}
          </p>
        </div>
      </div>
      {!isSignedIn ? (
        <SignedOutChoices />
      ) : league.isMember ? (
        <ButtonLink to={leaguePath(league.leagueId)} variant="accent" data-testid="invite-open">
          {t('leagues.already_member')}
        </ButtonLink>
      ) : (
        <JoinByCode code={code} leagueId={league.leagueId} />
      )}
    </section>
  )
}

/** Sign up or sign in, each returning to this page (the guards read state.from). */
function SignedOutChoices() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const state = { from: pathname }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">{t('leagues.invite_sign_in_first')}</p>
      <div className="flex flex-wrap gap-2">
        <ButtonLink to="/register" state={state} variant="accent" data-testid="invite-sign-up">
          <UserPlus aria-hidden="true" className="size-4" />
          {t('leagues.invite_sign_up')}
        </ButtonLink>
        <ButtonLink to="/login" state={state} variant="secondary" data-testid="invite-sign-in">
          <LogIn aria-hidden="true" className="size-4" />
          {t('leagues.invite_sign_in')}
        </ButtonLink>
      </div>
    </div>
  )
}

function JoinByCode({ code, leagueId }: { code: string; leagueId: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const errorMessage = useErrorMessage()
  // The refresh after joining turns this preview into "you are in", unmounting the button.
  const join = useLeagueMutation(leaguesApi.join, () => void navigate(leaguePath(leagueId)))
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        variant="accent"
        size="lg"
        disabled={join.isPending}
        data-testid="invite-join"
        onClick={() => join.mutate({ code })}
      >
        {join.isPending ? t('leagues.joining') : t('leagues.join')}
      </Button>
      {join.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(join.error, t('leagues.join_failed'))}
        </p>
      )}
    </div>
  )
}
