import type { UseQueryResult } from '@tanstack/react-query'
import { CopyPlus, Pencil, Save } from 'lucide-react'
import { useId, type ComponentProps, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate } from 'react-router'
import { rowIconButtonClasses } from '#web/components/responsive-list-rows'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { inputClasses } from '#web/components/ui/text-field'
import { Spinner } from '#web/components/ui/spinner'
import { ApiError } from '#web/lib/api-client'
import { ADD_ANOTHER } from '../use-admin-form'

/** The row's Edit action, named after the row for screen readers ("Edit Madrid Open"). */
export function EditLink({
  to,
  name,
  state,
  iconOnly = false,
}: {
  to: string
  name: string
  state?: unknown
  /** A phone row's 44 px pencil, named like the labelled link. */
  iconOnly?: boolean
}) {
  const { t } = useTranslation()
  return (
    <Link
      to={to}
      state={state}
      aria-label={t('admin.common.editItem', { name })}
      title={iconOnly ? t('admin.common.edit') : undefined}
      className={
        iconOnly
          ? rowIconButtonClasses
          : 'inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-brand hover:bg-surface-2'
      }
    >
      <Pencil aria-hidden="true" className="size-4" />
      {!iconOnly && t('admin.common.edit')}
    </Link>
  )
}

export function LoadingBlock() {
  const { t } = useTranslation()
  return <Spinner label={t('admin.common.loading')} className="min-h-40" />
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <Alert tone="error">
      {t('admin.common.loadError')}
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </Alert>
  )
}

interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: string
  isInvalid?: boolean
  hint?: string
  /** Why the server refused this field's value, shown under it. */
  error?: string
  children: ReactNode
}

/** A labelled native select (keyboard and screen-reader behaviour come from the browser). */
export function SelectField({
  label,
  isInvalid,
  hint,
  error,
  className,
  children,
  ...props
}: SelectFieldProps) {
  const id = useId()
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-fg">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={isInvalid || Boolean(error) || undefined}
        aria-describedby={describedBy || undefined}
        className={inputClasses}
        {...props}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-semibold text-danger">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      )}
    </div>
  )
}

/** The tournament a team or match belongs to: a disabled placeholder, then every tournament. */
export function TournamentSelectField({
  tournaments,
  placeholder,
  ...props
}: Omit<SelectFieldProps, 'children'> & {
  tournaments: readonly { id: string; name: string }[]
  placeholder: string
}) {
  return (
    <SelectField name="tournamentId" {...props}>
      <option value="" disabled>
        {placeholder}
      </option>
      {tournaments.map((tournament) => (
        <option key={tournament.id} value={tournament.id}>
          {tournament.name}
        </option>
      ))}
    </SelectField>
  )
}

/** The card around an admin form. */
export function FormCard({ children }: { children: ReactNode }) {
  return <div className="rounded-2xl border border-line bg-surface p-5 sm:p-6">{children}</div>
}

/** A form's Cancel (back one page) and Save buttons, Save showing its busy label while saving. */
export function FormActions({
  onCancel,
  isSaving,
  addAnother = false,
}: {
  onCancel: () => void
  isSaving: boolean
  /** Also "save and add another" (useAdminForm's `addAnother`). */
  addAnother?: boolean
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        {t('admin.common.cancel')}
      </Button>
      {addAnother && (
        <Button
          type="submit"
          name="intent"
          value={ADD_ANOTHER}
          variant="secondary"
          disabled={isSaving}
          data-testid="save-and-add-another"
        >
          <CopyPlus aria-hidden="true" className="size-4" />
          {t('admin.common.saveAndAddAnother')}
        </Button>
      )}
      <Button type="submit" variant="primary" disabled={isSaving}>
        <Save aria-hidden="true" className="size-4" />
        {isSaving ? t('admin.common.saving') : t('admin.common.save')}
      </Button>
    </div>
  )
}

/**
 * What every edit screen does before its form: a loading state, back to the list when the
 * record does not exist (spec: "a missing record on an edit screen redirects to the list"),
 * and a retry for any other failure.
 */
export function EditRecordGate<T>({
  query,
  listPath,
  pending = <LoadingBlock />,
  children,
}: {
  query: UseQueryResult<T>
  listPath: string
  pending?: ReactNode
  children: (record: T) => ReactNode
}) {
  if (query.isPending) return pending
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return <Navigate to={listPath} replace />
    }
    return <LoadError onRetry={() => void query.refetch()} />
  }
  return children(query.data)
}
