import { Copy } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatJoinCode } from '#shared/schemas/league-codes'
import { ShareLinkButton } from '#web/components/share-link-button'
import { Button } from '#web/components/ui/button'
import { inviteUrlOf } from '../league-view-model'

/**
 * The invite a member passes on (decision 173): the short code to say aloud or type, with a copy
 * button, and the link to share. Both stop working when the owner renews them or closes joining.
 */
export function LeagueInvite({
  leagueName,
  inviteCode,
  joinCode,
}: {
  leagueName: string
  inviteCode: string
  joinCode: string
}) {
  const { t } = useTranslation()
  const inviteUrl = inviteUrlOf(inviteCode)
  return (
    <div data-testid="league-invite" className="flex flex-col gap-4">
      <JoinCode code={joinCode} />
      <div>
        <p className="mb-2 text-sm text-muted">{t('leagues.invite_hint')}</p>
        <p
          className="mb-3 rounded-lg bg-surface-2 px-3 py-2 font-mono text-sm break-all text-fg"
          data-testid="league-invite-url"
        >
          {inviteUrl}
        </p>
        <ShareLinkButton
          url={inviteUrl}
          title={t('leagues.invite_share_title', { name: leagueName })}
          label={t('leagues.share_invite')}
        />
      </div>
    </div>
  )
}

type CopyOutcome = 'copied' | 'failed' | null

function JoinCode({ code }: { code: string }) {
  const { t } = useTranslation()
  const [outcome, setOutcome] = useState<CopyOutcome>(null)
  const shown = formatJoinCode(code)

  const copy = () => {
    setOutcome(null)
    void navigator.clipboard.writeText(shown).then(
      () => setOutcome('copied'),
      () => setOutcome('failed'),
    )
  }

  return (
    <div>
      <p className="text-sm font-semibold text-fg">{t('leagues.join_code_title_owner')}</p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        {/* Read out one character at a time: "K7QM" is no word to pronounce. */}
        <p className="font-mono text-2xl font-bold tracking-widest text-fg select-all">
          <span aria-hidden="true" data-testid="league-join-code">
            {shown}
          </span>
          <span className="sr-only">{[...code].join(' ')}</span>
        </p>
        <Button variant="secondary" size="sm" onClick={copy} data-testid="copy-join-code">
          <Copy aria-hidden="true" className="size-4" />
          {t('leagues.copy_code')}
        </Button>
      </div>
      <p className="mt-1 text-sm text-muted">{t('leagues.join_code_say_it')}</p>
      <p role="status" className="min-h-5 text-sm text-muted" data-testid="copy-join-code-status">
        {outcome === 'copied' && t('leagues.code_copied')}
        {outcome === 'failed' && t('leagues.code_copy_failed')}
      </p>
    </div>
  )
}
