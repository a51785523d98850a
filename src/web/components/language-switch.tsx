import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { savePreferences } from '#web/lib/account-preferences'
import { changeLanguage, SUPPORTED_LANGUAGES, type Language } from '#web/lib/i18n'
import { cn } from '#web/lib/cn'
import { queryKeys } from '#web/lib/query-keys'
import { useSession } from '#web/lib/session'

/** EN/ES toggle buttons: each is named by its code and says whether it is active (aria-pressed). */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation()
  const active = i18n.resolvedLanguage
  const session = useSession()
  const client = useQueryClient()

  // A signed-in fan's choice is also the account's: their mails come in it (decision 100). The
  // interface switches at once; saving is best effort and never blocks it.
  const choose = (language: Language) => {
    void changeLanguage(language)
    if (session.status !== 'signed-in') return
    savePreferences({ locale: language })
      .then((saved) => client.setQueryData(queryKeys.me.preferences, saved))
      .catch(() => undefined)
  }

  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn(
        'inline-flex shrink-0 rounded-full border border-line bg-surface p-0.5',
        className,
      )}
    >
      {SUPPORTED_LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          title={t(`language.${language}`)}
          aria-pressed={active === language}
          onClick={() => choose(language)}
          className={cn(
            'min-h-8 min-w-9 rounded-full px-2 text-xs font-bold tracking-wide transition-colors motion-reduce:transition-none',
            active === language ? 'bg-brand-solid text-on-brand' : 'text-muted hover:text-fg',
          )}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  )
}
