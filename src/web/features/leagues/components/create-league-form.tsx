import { Plus } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { LEAGUE_NAME_MAX, LEAGUE_NAME_MIN, leagueNameProblem } from '#shared/schemas/league'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { useErrorMessage } from '#web/lib/error-message'
import { leaguesApi, useLeagueMutation } from '../api/leagues'
import { leaguePath } from '../league-view-model'
import { LeagueDetailsFields, type LeagueDetailsValues } from './league-details-fields'

/** Name, description and visibility; a new league opens its page, ready to share. */
export function CreateLeagueForm() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const errorMessage = useErrorMessage()
  const errorId = useId()
  const [values, setValues] = useState<LeagueDetailsValues>({
    name: '',
    description: '',
    visibility: 'private',
  })
  const [problem, setProblem] = useState<string | null>(null)
  const create = useLeagueMutation(leaguesApi.create)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const name = values.name.trim()
    const nameProblem = leagueNameProblem(name)
    if (nameProblem !== null) {
      setProblem(
        nameProblem === 'characters'
          ? t('leagues.name_characters')
          : t('leagues.name_invalid', { min: LEAGUE_NAME_MIN, max: LEAGUE_NAME_MAX }),
      )
      return
    }
    setProblem(null)
    create.mutate(
      { name, description: values.description.trim(), visibility: values.visibility },
      {
        onSuccess: (league) => void navigate(leaguePath(league.id)),
        onError: (error) => setProblem(errorMessage(error, t('leagues.create_failed'))),
      },
    )
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      data-testid="create-league"
    >
      {problem && (
        <Alert tone="error" id={errorId} testId="create-league-error">
          {problem}
        </Alert>
      )}
      <LeagueDetailsFields
        values={values}
        onChange={setValues}
        isInvalid={problem !== null}
        errorId={errorId}
      />
      <Button type="submit" variant="accent" disabled={create.isPending} className="self-start">
        <Plus aria-hidden="true" className="size-4" />
        {create.isPending ? t('leagues.creating') : t('leagues.create')}
      </Button>
    </form>
  )
}
