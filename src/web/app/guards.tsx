import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, useLocation } from 'react-router'
import { Spinner } from '#web/components/ui/spinner'
import { redirectTarget } from '#web/features/auth/redirect'
import { useSession } from '#web/lib/session'

/** What a guard passes to /login so the sign-in form can return to the page first asked for. */
export interface RedirectState {
  from: string
}

function SessionSpinner() {
  const { t } = useTranslation()
  return <Spinner label={t('common.checkingSession')} className="min-h-[50vh] flex-1" />
}

function useIntendedPath(): RedirectState {
  const { pathname, search, hash } = useLocation()
  return { from: `${pathname}${search}${hash}` }
}

/** Signed-in pages: visitors go to /login, remembering where they were heading. */
export function RequireUser() {
  const session = useSession()
  const state = useIntendedPath()
  if (session.status === 'loading') return <SessionSpinner />
  if (session.status === 'visitor') return <Navigate to="/login" replace state={state} />
  return <Outlet />
}

/**
 * Guest-only pages (landing, sign in, sign up, forgot password): members go to /dashboard (admins
 * to /admin), or, right after signing in, to the page a guard sent them away from (RedirectState).
 */
export function GuestOnly() {
  const session = useSession()
  const { state } = useLocation()
  if (session.status === 'loading') return <SessionSpinner />
  if (session.status === 'signed-in') {
    return <Navigate to={redirectTarget(state, { isAdmin: session.isAdmin })} replace />
  }
  return <Outlet />
}

/** /admin and its children: visitors go to /login, members without the admin role to /. */
export function RequireAdmin() {
  const session = useSession()
  const state = useIntendedPath()
  if (session.status === 'loading') {
    return (
      <main className="flex min-h-dvh flex-col">
        <SessionSpinner />
      </main>
    )
  }
  if (session.status === 'visitor') return <Navigate to="/login" replace state={state} />
  if (!session.isAdmin) return <Navigate to="/" replace />
  return <Outlet />
}
