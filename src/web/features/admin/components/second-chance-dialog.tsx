import { useQueryClient } from '@tanstack/react-query'
import { RotateCcw } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminTournament } from '#shared/schemas/admin'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { Modal } from '#web/components/ui/modal'
import { TextField } from '#web/components/ui/text-field'
import { timeZoneLabel, useNumberFormat } from '#web/lib/format'
import { useAdminMessages } from '../admin-messages'
import { openSecondChance } from '../api/tournaments'
import { toIsoDateTime } from '../form-date-time'
import { DateTimeField } from './date-time-field'

type Field = 'entryFee' | 'basePool' | 'multiplier' | 'bettingDeadline'

/** The form's own checks, the server's rules (docs/product.md "Second chance"); the server checks again. */
function problemsOf(values: Record<Field, string>, now: Date): Field[] {
  const problems: Field[] = []
  const whole = (text: string, min: number) =>
    /^\d+$/.test(text.trim()) && Number(text.trim()) >= min && Number(text.trim()) <= 1_000_000_000
  if (!whole(values.entryFee, 1) || Number(values.entryFee) > 1_000_000) problems.push('entryFee')
  if (!whole(values.basePool, 0)) problems.push('basePool')
  const multiplier = Number(values.multiplier.trim())
  if (values.multiplier.trim() === '' || !(multiplier >= 0 && multiplier <= 100)) {
    problems.push('multiplier')
  }
  const deadline = new Date(values.bettingDeadline)
  if (Number.isNaN(deadline.getTime()) || deadline.getTime() <= now.getTime()) {
    problems.push('bettingDeadline')
  }
  return problems
}

/**
 * The admin's "Second chance" button: disabled, with the reason beside it, while the server's rule
 * (the domain's secondChanceOpenProblem, sent with the tournament) would refuse the opening.
 */
export function SecondChanceAction({
  tournament,
  onDone,
}: {
  tournament: AdminTournament
  onDone: (message: string) => void
}) {
  const { t } = useTranslation()
  const reasonId = useId()
  const [isOpening, setIsOpening] = useState(false)
  const problem = tournament.secondChanceProblem
  return (
    <span className="flex flex-col items-start gap-1">
      <Button
        size="sm"
        variant="ghost"
        disabled={problem !== null}
        aria-label={t('admin.secondChance.openFor', { name: tournament.name })}
        aria-describedby={problem ? reasonId : undefined}
        onClick={() => setIsOpening(true)}
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        {t('admin.secondChance.open')}
      </Button>
      {problem && (
        <span id={reasonId} data-testid="second-chance-reason" className="text-xs text-muted">
          {t(`admin.secondChance.blocked.${problem.reason}`, { count: problem.missingResults })}
        </span>
      )}
      {isOpening && (
        <SecondChanceDialog
          tournament={tournament}
          onClose={() => setIsOpening(false)}
          onDone={(message) => {
            setIsOpening(false)
            onDone(message)
          }}
        />
      )}
    </span>
  )
}

/**
 * Open the second chance of a tournament (docs/product.md "Second chance"): its fee, base pool, multiplier
 * and deadline. The button opens it only when the server's rule allows; should the bracket change
 * meanwhile, the server's refusal is shown here.
 */
export function SecondChanceDialog({
  tournament,
  onClose,
  onDone,
}: {
  tournament: AdminTournament
  onClose: () => void
  onDone: (message: string) => void
}) {
  const { t, i18n } = useTranslation()
  const number = useNumberFormat()
  const titleId = useId()
  const errorId = useId()
  const queryClient = useQueryClient()
  const messages = useAdminMessages()
  const inFlight = useRef(false)
  const [entryFee, setEntryFee] = useState('50')
  const [basePool, setBasePool] = useState('1000')
  const [multiplier, setMultiplier] = useState('0.7')
  const [deadlineDate, setDeadlineDate] = useState('')
  const [deadlineTime, setDeadlineTime] = useState('')
  const [problems, setProblems] = useState<Field[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  const zone = timeZoneLabel(i18n.resolvedLanguage ?? 'es')

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (inFlight.current) return
    const values = {
      entryFee,
      basePool,
      multiplier,
      bettingDeadline: toIsoDateTime(deadlineDate, deadlineTime),
    }
    const found = problemsOf(values, new Date())
    setProblems(found)
    setFailure(null)
    if (found.length > 0) return
    inFlight.current = true
    setIsSaving(true)
    try {
      const opened = await openSecondChance(tournament.id, {
        entryFee: Number(values.entryFee.trim()),
        basePool: Number(values.basePool.trim()),
        multiplier: Number(values.multiplier.trim()),
        bettingDeadline: values.bettingDeadline,
      })
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
      onDone(
        t('admin.secondChance.done', {
          name: tournament.name,
          fee: number.format(opened.entryFee ?? 0),
        }),
      )
    } catch (error) {
      setFailure(t('admin.secondChance.failed', { message: messages.requestFailure(error) }))
    } finally {
      inFlight.current = false
      setIsSaving(false)
    }
  }

  const problemText = problems.map((field) => t(`admin.secondChance.invalid.${field}`))

  return (
    <Modal open onClose={onClose} labelledBy={titleId} testId="second-chance-dialog">
      <h2 id={titleId} className="text-lg font-bold text-fg">
        {t('admin.secondChance.title', { name: tournament.name })}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('admin.secondChance.intro')}</p>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 flex flex-col gap-4"
      >
        {(problemText.length > 0 || failure) && (
          <Alert tone="error" id={errorId} testId="second-chance-error">
            {failure ?? (
              <ul className="list-disc pl-5">
                {problemText.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            )}
          </Alert>
        )}
        <TextField
          label={t('admin.secondChance.entryFee')}
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          value={entryFee}
          isInvalid={problems.includes('entryFee')}
          errorId={errorId}
          onChange={(event) => setEntryFee(event.target.value)}
        />
        <TextField
          label={t('admin.secondChance.basePool')}
          inputMode="numeric"
          autoComplete="off"
          value={basePool}
          isInvalid={problems.includes('basePool')}
          errorId={errorId}
          onChange={(event) => setBasePool(event.target.value)}
        />
        <TextField
          label={t('admin.secondChance.multiplier')}
          inputMode="decimal"
          autoComplete="off"
          value={multiplier}
          isInvalid={problems.includes('multiplier')}
          errorId={errorId}
          onChange={(event) => setMultiplier(event.target.value)}
        />
        <DateTimeField
          zone={zone}
          name="second-chance-deadline"
          legend={t('admin.secondChance.deadline')}
          hint={t('admin.secondChance.deadlineHint')}
          date={deadlineDate}
          time={deadlineTime}
          isInvalid={problems.includes('bettingDeadline')}
          onDate={setDeadlineDate}
          onTime={setDeadlineTime}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('admin.dialog.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={isSaving}>
            {isSaving ? t('admin.common.saving') : t('admin.secondChance.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
