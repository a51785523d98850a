import { LogOut, UserMinus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { LeagueDetail, LeagueMember } from '#shared/schemas/league'
import { Pager } from '#web/components/pager'
import { Button } from '#web/components/ui/button'
import { Badge } from '#web/components/ui/status-badge'
import { UserAvatar } from '#web/components/user-avatar'
import { useErrorMessage } from '#web/lib/error-message'
import { useDateFormat } from '#web/lib/format'
import { leaguesApi, useLeagueMembers, useLeagueMutation } from '../api/leagues'
import { isOwner } from '../league-view-model'
import { ConfirmDialog } from './confirm-dialog'

/**
 * Who is in the league, a page at a time (a league may hold 10,000); the owner may remove anyone
 * but themselves (after a confirmation), and is told that a removed fan stays out.
 */
export function LeagueMembers({ league }: { league: LeagueDetail }) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const members = useLeagueMembers(league.id, { page: String(page) })
  const date = useDateFormat({ dateStyle: 'medium' })
  const errorMessage = useErrorMessage()
  const [removing, setRemoving] = useState<LeagueMember | null>(null)
  const remove = useLeagueMutation((userId: string) => leaguesApi.removeMember(league.id, userId))
  const close = () => {
    setRemoving(null)
    remove.reset()
  }
  return (
    <section aria-labelledby="league-members-title" data-testid="league-members">
      <h2 id="league-members-title" className="mb-3 text-xl font-bold text-fg">
        {t('leagues.members_title')}
      </h2>
      {isOwner(league) && (
        <p className="mb-3 text-sm text-muted" data-testid="removed-stay-out">
          {t('leagues.removed_stay_out')}
        </p>
      )}
      <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
        {(members.data?.members ?? []).map((member) => (
          <li
            key={member.userId}
            data-testid="league-member"
            data-username={member.username}
            className="flex flex-wrap items-center gap-3 px-4 py-3"
          >
            <UserAvatar username={member.username} alt="" size="sm" />
            <span className="min-w-0 flex-1">
              <span className="font-semibold break-words text-fg">{member.username}</span>
              <span className="block text-xs text-muted">
                {t('leagues.joined_on', { date: date.format(new Date(member.joinedAt)) })}
              </span>
            </span>
            {member.role === 'owner' && <Badge tone="brand">{t('leagues.role_owner')}</Badge>}
            {isOwner(league) && member.role !== 'owner' && (
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('leagues.remove_named', { username: member.username })}
                onClick={() => setRemoving(member)}
              >
                <UserMinus aria-hidden="true" className="size-4" />
                {t('leagues.remove')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {members.isError && (
        <p className="mt-2 text-sm text-danger">
          {errorMessage(members.error, t('leagues.action_failed'))}
        </p>
      )}
      <Pager
        page={page}
        hasMore={members.data?.hasMore ?? false}
        className="mt-3"
        onPage={setPage}
        label={t('leagues.members_pages')}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('leagues.remove_title')}
        body={t('leagues.remove_body', { username: removing?.username ?? '' })}
        confirmLabel={t('leagues.remove')}
        isDestructive
        isPending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t('leagues.action_failed')) : null}
        onClose={close}
        onConfirm={() => removing && remove.mutate(removing.userId, { onSuccess: close })}
        testId="remove-member-dialog"
      />
    </section>
  )
}

/** A member's way out, after a confirmation; the owner hands the league over first. */
export function LeaveLeague({ league }: { league: LeagueDetail }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const errorMessage = useErrorMessage()
  const [isOpen, setIsOpen] = useState(false)
  const leave = useLeagueMutation(
    () => leaguesApi.leave(league.id),
    () => void navigate('/leagues'),
  )
  return (
    <section aria-labelledby="league-leave-title">
      <h2 id="league-leave-title" className="sr-only">
        {t('leagues.leave')}
      </h2>
      <Button variant="secondary" onClick={() => setIsOpen(true)} data-testid="leave-league">
        <LogOut aria-hidden="true" className="size-4" />
        {t('leagues.leave')}
      </Button>
      <ConfirmDialog
        open={isOpen}
        title={t('leagues.leave_title')}
        body={t('leagues.leave_body', { name: league.name })}
        confirmLabel={t('leagues.leave')}
        isDestructive
        isPending={leave.isPending}
        error={leave.isError ? errorMessage(leave.error, t('leagues.action_failed')) : null}
        onClose={() => {
          setIsOpen(false)
          leave.reset()
        }}
        onConfirm={() => leave.mutate(undefined)}
        testId="leave-dialog"
      />
    </section>
  )
}
