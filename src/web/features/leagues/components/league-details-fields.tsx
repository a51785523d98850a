import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import {
  LEAGUE_DESCRIPTION_MAX,
  LEAGUE_NAME_MAX,
  type LeagueVisibility,
} from '#shared/schemas/league'
import { inputClasses, TextField } from '#web/components/ui/text-field'

export interface LeagueDetailsValues {
  name: string
  description: string
  visibility: LeagueVisibility
}

/** The fields a league is made of, shared by the create form and the owner's edit form. */
export function LeagueDetailsFields({
  values,
  onChange,
  isInvalid,
  errorId,
}: {
  values: LeagueDetailsValues
  onChange: (values: LeagueDetailsValues) => void
  isInvalid: boolean
  errorId: string
}) {
  const { t } = useTranslation()
  const descriptionId = useId()
  const visibilityId = useId()
  return (
    <>
      <TextField
        label={t('leagues.name')}
        value={values.name}
        maxLength={LEAGUE_NAME_MAX}
        required
        isInvalid={isInvalid}
        errorId={errorId}
        onChange={(event) => onChange({ ...values, name: event.target.value })}
      />
      <div>
        <label htmlFor={descriptionId} className="mb-1.5 block text-sm font-semibold text-fg">
          {t('leagues.description_label')}
        </label>
        <textarea
          id={descriptionId}
          value={values.description}
          maxLength={LEAGUE_DESCRIPTION_MAX}
          rows={2}
          className={inputClasses}
          onChange={(event) => onChange({ ...values, description: event.target.value })}
        />
      </div>
      <div>
        <label htmlFor={visibilityId} className="mb-1.5 block text-sm font-semibold text-fg">
          {t('leagues.visibility_label')}
        </label>
        <select
          id={visibilityId}
          value={values.visibility}
          className={inputClasses}
          onChange={(event) =>
            onChange({ ...values, visibility: event.target.value as LeagueVisibility })
          }
        >
          <option value="private">{t('leagues.visibility_private_option')}</option>
          <option value="public">{t('leagues.visibility_public_option')}</option>
        </select>
      </div>
    </>
  )
}
