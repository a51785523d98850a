import { useTranslation } from 'react-i18next'
import { Spinner } from '#web/components/ui/spinner'
import { signOut } from '#web/lib/session'

/** The sign-out happens in the route loader (once per visit, not in an effect); signOut reloads at /. */
export async function adminLogoutLoader(): Promise<null> {
  await signOut()
  return null
}

export function AdminLogoutPage() {
  const { t } = useTranslation()
  return <Spinner label={t('admin.signingOut')} className="min-h-[50vh]" />
}
