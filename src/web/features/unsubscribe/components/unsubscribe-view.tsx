import { MailX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'
import { useErrorMessage } from '#web/lib/error-message'
import { useUnsubscribe, useUnsubscribeLink } from '../api/unsubscribe'

/**
 * The page an unsubscribe link in a mail opens (decision 100): it names the kind of mail and asks
 * before it turns it off, so a link scanner that opens every link changes nothing. No sign-in:
 * the signed token in the link is enough.
 */
export function UnsubscribeView() {
  const { t } = useTranslation()
  const errorMessage = useErrorMessage()
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token') ?? ''
  const link = useUnsubscribeLink(token)
  const unsubscribe = useUnsubscribe(token)

  if (token === '') return <Alert tone="error">{t('unsubscribe.missing_token')}</Alert>
  if (link.isPending) return <Spinner label={t('unsubscribe.loading')} className="py-12" />
  if (link.isError) {
    return (
      <Alert tone="error" testId="unsubscribe-invalid">
        {errorMessage(link.error, t('errors.INVALID_UNSUBSCRIBE_LINK'))}
      </Alert>
    )
  }
  const kind = t(`unsubscribe.kinds.${link.data.kind}`)
  if (unsubscribe.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success" role="status" testId="unsubscribe-done">
          {t('unsubscribe.done', { kind })}
        </Alert>
        <Link to="/profile" className="font-semibold text-brand underline underline-offset-4">
          {t('unsubscribe.to_profile')}
        </Link>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-lg font-semibold text-fg" data-testid="unsubscribe-question">
        {t('unsubscribe.confirm_question', { kind })}
      </p>
      {unsubscribe.isError && (
        <Alert tone="error">{errorMessage(unsubscribe.error, t('unsubscribe.failed'))}</Alert>
      )}
      <div>
        <Button
          onClick={() => unsubscribe.mutate()}
          disabled={unsubscribe.isPending}
          data-testid="unsubscribe-confirm"
        >
          <MailX aria-hidden="true" className="size-5" />
          {unsubscribe.isPending ? t('unsubscribe.pending') : t('unsubscribe.confirm')}
        </Button>
      </div>
    </div>
  )
}
