import { Share2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { shareOrCopyLink, type ShareOutcome } from '#web/lib/share-link'
import { Button, type ButtonVariant } from './ui/button'

interface ShareLinkButtonProps {
  url: string
  /** The title the share sheet shows beside the link. */
  title: string
  label: string
  variant?: ButtonVariant
  className?: string
}

/**
 * Shares a link through the device's share sheet, or copies it where there is none, and says
 * what happened in a live region. When neither works the link is shown to copy by hand.
 */
export function ShareLinkButton({
  url,
  title,
  label,
  variant = 'accent',
  className,
}: ShareLinkButtonProps) {
  const { t } = useTranslation()
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null)
  return (
    <div className={className}>
      <Button
        variant={variant}
        onClick={() => {
          setOutcome(null)
          void shareOrCopyLink({ url, title }).then(setOutcome)
        }}
      >
        <Share2 aria-hidden="true" className="size-4" />
        {label}
      </Button>
      <p role="status" className="mt-2 min-h-5 text-sm text-muted" data-testid="share-status">
        {outcome === 'copied' && t('share.link_copied')}
        {outcome === 'shared' && t('share.link_shared')}
      </p>
      {outcome === 'failed' && (
        <label className="mt-1 block text-sm text-fg">
          {t('share.copy_by_hand')}
          <input
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 block w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm"
          />
        </label>
      )}
    </div>
  )
}
