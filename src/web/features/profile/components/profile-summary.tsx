import { Coins } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Me } from '#shared/schemas/me'
import { UserAvatar } from '#web/components/user-avatar'
import { useDateFormat, useNumberFormat } from '#web/lib/format'

/** Avatar, username, e-mail, member-since date and the coin balance. */
export function ProfileSummary({ me }: { me: Me }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const date = useDateFormat({ dateStyle: 'long' })
  const { username, email, createdAt } = me.user
  return (
    <section
      aria-labelledby="account-title"
      className="flex flex-col gap-6 rounded-2xl border border-line bg-surface p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex min-w-0 items-center gap-4">
        <UserAvatar username={username} alt={t('profile.avatar_alt', { username })} />
        <div className="min-w-0">
          <h2 id="account-title" className="sr-only">
            {t('profile.account')}
          </h2>
          <dl className="grid gap-1">
            <dt className="sr-only">{t('profile.username')}</dt>
            <dd data-testid="profile-username" className="truncate text-xl font-bold text-fg">
              {username}
            </dd>
            <dt className="sr-only">{t('profile.email')}</dt>
            <dd data-testid="profile-email" className="text-sm break-all text-muted">
              {email}
            </dd>
            <div className="mt-1 flex flex-wrap gap-x-1 text-sm text-muted">
              <dt>{t('profile.member_since')}:</dt>
              <dd data-testid="profile-member-since">
                <time dateTime={createdAt}>{date.format(new Date(createdAt))}</time>
              </dd>
            </div>
          </dl>
        </div>
      </div>
      <div className="rounded-xl bg-surface-2 px-5 py-4 sm:min-w-48 sm:text-right">
        <p className="text-sm font-semibold text-muted">{t('profile.balance')}</p>
        <p className="mt-1 inline-flex items-center gap-2 text-3xl font-extrabold text-coin tabular-nums">
          <Coins aria-hidden="true" className="size-7" />
          <span data-testid="profile-balance">{number.format(me.balance)}</span>
          <span className="sr-only">{t('nav.coins')}</span>
        </p>
      </div>
    </section>
  )
}
