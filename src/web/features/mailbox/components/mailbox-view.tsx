import { ChevronDown, ChevronUp, Inbox, MailX, RefreshCw } from 'lucide-react'
import { Fragment, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { MailboxMessage } from '#shared/schemas/mailbox'
import { BackButton } from '#web/components/back-link'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Spinner } from '#web/components/ui/spinner'
import { cn } from '#web/lib/cn'
import { useDateFormat } from '#web/lib/format'
import { useMailbox } from '../api/get-mailbox'
import { LinkifiedText } from './linkified-text'

/**
 * The HTML part, rendered in a sandbox: no scripts, no same-origin access, its own document. The
 * <base target="_top"> lets a click on a link (the confirmation link, say) open in this tab, which
 * the sandbox allows only for a real user click.
 */
function HtmlPreview({ message }: { message: MailboxMessage }) {
  const { t } = useTranslation()
  return (
    <iframe
      title={t('mailbox.html_frame_title')}
      sandbox="allow-top-navigation-by-user-activation"
      srcDoc={`<base target="_top">${message.html}`}
      className="h-96 w-full rounded-xl border border-line bg-white"
    />
  )
}

function MessageDetail({ message, onBack }: { message: MailboxMessage; onBack: () => void }) {
  const { t } = useTranslation()
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'medium' })
  const articleRef = useRef<HTMLElement>(null)
  // The HTML part is opened on request: the text version (with working links) comes first.
  const [isHtmlShown, setIsHtmlShown] = useState(false)
  // On a phone the list gives way to the message: take keyboard focus along with it.
  useEffect(() => {
    articleRef.current?.focus({ preventScroll: false })
  }, [message.id])
  return (
    <article
      ref={articleRef}
      tabIndex={-1}
      aria-labelledby="message-subject"
      data-testid="mailbox-message"
      className="flex min-w-0 flex-col gap-5 rounded-2xl border border-line bg-surface p-5 outline-none sm:p-6"
    >
      <BackButton className="self-start lg:hidden" onClick={onBack}>
        {t('mailbox.back')}
      </BackButton>
      <header>
        <h2 id="message-subject" className="text-xl font-bold text-fg">
          {message.subject}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted">{t('mailbox.to')}</dt>
          <dd className="break-all text-fg">{message.to}</dd>
          <dt className="text-muted">{t('mailbox.received')}</dt>
          <dd className="text-fg">
            <time dateTime={message.createdAt}>{date.format(new Date(message.createdAt))}</time>
          </dd>
        </dl>
        {Object.keys(message.headers).length > 0 && (
          <section aria-labelledby="message-headers" className="mt-3">
            <h3 id="message-headers" className="mb-1 text-sm font-semibold text-muted">
              {t('mailbox.headers')}
            </h3>
            <dl
              data-testid="mailbox-headers"
              className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs"
            >
              {Object.entries(message.headers).map(([name, value]) => (
                <Fragment key={name}>
                  <dt className="font-mono text-muted">{name}</dt>
                  <dd className="font-mono break-all text-fg">{value}</dd>
                </Fragment>
              ))}
            </dl>
          </section>
        )}
      </header>
      <section aria-labelledby="message-text">
        <h3 id="message-text" className="mb-2 text-sm font-semibold text-muted">
          {t('mailbox.text_version')}
        </h3>
        <p
          data-testid="mailbox-text"
          className="rounded-xl bg-surface-2 p-4 text-sm whitespace-pre-wrap text-fg"
        >
          <LinkifiedText text={message.text} />
        </p>
      </section>
      {message.html.trim() !== '' && (
        <section>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={isHtmlShown}
            aria-controls={`html-${message.id}`}
            onClick={() => setIsHtmlShown((shown) => !shown)}
          >
            {isHtmlShown ? (
              <ChevronUp aria-hidden="true" className="size-4" />
            ) : (
              <ChevronDown aria-hidden="true" className="size-4" />
            )}
            {t('mailbox.html_version')}
          </Button>
          <div id={`html-${message.id}`} className="mt-3">
            {isHtmlShown && <HtmlPreview message={message} />}
          </div>
        </section>
      )}
    </article>
  )
}

/** Every message the server "sent" while running without SMTP, newest first. */
export function MailboxView() {
  const { t } = useTranslation()
  const mailbox = useMailbox()
  const date = useDateFormat({ dateStyle: 'short', timeStyle: 'short' })
  const [selectedId, setSelectedId] = useState<string | null>(null)

  if (mailbox.isPending) return <Spinner label={t('mailbox.loading')} className="py-16" />
  if (mailbox.isError) {
    return (
      <Alert tone="error">
        {t('mailbox.error')}
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => void mailbox.refetch()}
        >
          {t('common.tryAgain')}
        </Button>
      </Alert>
    )
  }
  if (mailbox.data === null) {
    return (
      <EmptyState icon={MailX} title={t('mailbox.unavailable_title')}>
        {t('mailbox.unavailable_body')}
      </EmptyState>
    )
  }

  const messages = mailbox.data
  const selected = messages.find((message) => message.id === selectedId) ?? null

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button
          variant="secondary"
          size="sm"
          disabled={mailbox.isFetching}
          onClick={() => void mailbox.refetch()}
        >
          <RefreshCw
            aria-hidden="true"
            className={cn(
              'size-4',
              mailbox.isFetching && 'animate-spin motion-reduce:animate-none',
            )}
          />
          {t('mailbox.refresh')}
        </Button>
      </div>
      {messages.length === 0 ? (
        <EmptyState icon={Inbox}>{t('mailbox.empty')}</EmptyState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <nav aria-label={t('mailbox.list_label')} className={cn(selected && 'hidden lg:block')}>
            <ul className="flex flex-col gap-2" data-testid="mailbox-list">
              {messages.map((message) => (
                <li key={message.id}>
                  <button
                    type="button"
                    aria-current={message.id === selectedId || undefined}
                    onClick={() => setSelectedId(message.id)}
                    className={cn(
                      'flex w-full flex-col gap-0.5 rounded-xl border px-4 py-3 text-left transition-colors motion-reduce:transition-none',
                      message.id === selectedId
                        ? 'border-brand bg-surface-2'
                        : 'border-line bg-surface hover:bg-surface-2',
                    )}
                  >
                    <span className="font-semibold text-fg">{message.subject}</span>
                    <span className="text-sm break-all text-muted">
                      <span className="sr-only">{t('mailbox.to')}: </span>
                      {message.to}
                    </span>
                    <span className="text-xs text-muted">
                      <span className="sr-only">{t('mailbox.received')}: </span>
                      <time dateTime={message.createdAt}>
                        {date.format(new Date(message.createdAt))}
                      </time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {selected ? (
            // Keyed by message: a new message starts with its HTML part closed.
            <MessageDetail
              key={selected.id}
              message={selected}
              onBack={() => setSelectedId(null)}
            />
          ) : (
            <p className="hidden text-muted lg:block">{t('mailbox.select_prompt')}</p>
          )}
        </div>
      )}
    </div>
  )
}
