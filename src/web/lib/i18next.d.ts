// Types every t('…') call against the English file, so a missing or misspelled key fails the
// typecheck. The unit test in i18n.test.ts keeps the Spanish file's keys identical.
import type translation from '../../../public/locales/en/translation.json'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof translation }
  }
}
