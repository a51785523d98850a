import { MailOpen } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { BackButton } from '#web/components/back-link'
import { forgetPendingEmail, readPendingEmail } from '../pending-email'
import { AuthCard } from './auth-card'
import { ResendConfirmation } from './resend-confirmation'

/** After registering: where the confirmation went, resend it, or go back and register again. */
export function EmailSentView() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  // The query parameter wins; the remembered value covers a reload without it.
  const [email] = useState(() => params.get('email')?.trim() || readPendingEmail())

  return (
    <AuthCard>
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-surface-2 text-brand">
          <MailOpen aria-hidden="true" className="size-7" />
        </span>
        {email && (
          <p className="text-sm text-muted">
            {t('email_sent.sent_to')}
            <br />
            <strong data-testid="sent-email" className="text-base break-all text-fg">
              {email}
            </strong>
          </p>
        )}
        <p className="text-fg">{t('email_sent.instructions')}</p>
        <p className="text-sm text-muted">{t('email_sent.spam_hint')}</p>
      </div>
      <div className="mt-6 flex flex-col gap-3">
        <ResendConfirmation email={email} />
        <BackButton
          className="self-center"
          onClick={() => {
            forgetPendingEmail()
            void navigate('/register')
          }}
        >
          {t('email_sent.back')}
        </BackButton>
      </div>
    </AuthCard>
  )
}
