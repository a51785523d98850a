import { ArrowRight } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '#web/components/ui/button'
import { inputClasses } from '#web/components/ui/text-field'
import { inviteCodeFrom, invitePath } from '../league-view-model'

/**
 * "Have an invite?": a code a friend read out (in any case, with or without the dash) or a link
 * pasted leads to the invite page, which says whose league it is before the fan joins (issue #29,
 * decisions 166 and 173).
 */
export function JoinWithCode() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const inputId = useId()
  const hintId = useId()
  const errorId = useId()
  const [draft, setDraft] = useState('')
  const [isInvalid, setInvalid] = useState(false)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const code = inviteCodeFrom(draft)
    setInvalid(code === null)
    if (code !== null) void navigate(invitePath(code))
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      data-testid="join-with-code"
      className="flex flex-col gap-2"
    >
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 grow basis-52">
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-fg">
            {t('leagues.join_code_label')}
          </label>
          <input
            id={inputId}
            value={draft}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            aria-invalid={isInvalid || undefined}
            aria-describedby={isInvalid ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => {
              setDraft(event.target.value)
              setInvalid(false)
            }}
            className={inputClasses}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('leagues.join_code_go')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <p id={hintId} className="text-sm text-muted">
        {t('leagues.join_code_hint')}
      </p>
      {isInvalid && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {t('leagues.join_code_invalid')}
        </p>
      )}
    </form>
  )
}
