import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Download, FileUp } from 'lucide-react'
import { useId, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminTournament, DrawPreview, DrawProblem } from '#shared/schemas/admin'
import { PageContainer } from '#web/components/page-container'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'
import { ApiError } from '#web/lib/api-client'
import { useAdminMessages } from '../admin-messages'
import { drawExportPath, importDrawFile, previewDrawFile } from '../api/draw'
import { adminTournamentQueryOptions } from '../api/tournaments'
import { refusedColumns } from '../draw-preview'
import { EditRecordGate } from './admin-ui'
import { DrawPreviewTable, useDrawProblemText } from './draw-preview-table'
import { ImportDone } from './imported-draw'

const BLOCKS = [
  'DRAW_HAS_BETS',
  'RESULTS_EXIST',
  'TOURNAMENT_SETTLED',
  'TOURNAMENT_CANCELLED',
] as const
type Block = (typeof BLOCKS)[number]
const isBlock = (reason: unknown): reason is Block => BLOCKS.includes(reason as Block)

/**
 * /admin/tournaments/:id/draw: choose a CSV or JSON file, see what importing it would do (the
 * server's preview, every problem in its cell), then import it in one go (docs/product.md "Importing a draw").
 */
export function DrawImport({ id }: { id: string }) {
  const { t } = useTranslation()
  const query = useQuery(adminTournamentQueryOptions(id))
  return (
    <PageContainer
      title={
        query.data ? t('admin.draw.titleFor', { name: query.data.name }) : t('admin.draw.title')
      }
      description={t('admin.draw.description')}
      intro={t('admin.draw.description')}
      back={{ to: '/admin/tournaments', label: t('admin.tournaments.back') }}
    >
      <EditRecordGate query={query} listPath="/admin/tournaments">
        {(tournament) => <DrawImportFlow tournament={tournament} />}
      </EditRecordGate>
    </PageContainer>
  )
}

function DrawImportFlow({ tournament }: { tournament: AdminTournament }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const inputId = useId()
  const [file, setFile] = useState<File | null>(null)
  // A new key empties the input, so choosing the same file again previews it again.
  const [inputKey, setInputKey] = useState(0)
  const preview = useMutation({
    mutationFn: (chosen: File) => previewDrawFile(tournament.id, chosen),
  })
  const upload = useMutation({
    mutationFn: (chosen: File) => importDrawFile(tournament.id, chosen),
    onSuccess: async () => {
      preview.reset()
      setFile(null)
      setInputKey((key) => key + 1)
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    },
  })

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null
    setFile(chosen)
    upload.reset()
    if (chosen) preview.mutate(chosen)
    else preview.reset()
  }

  return (
    <div className="space-y-6">
      <div className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-fg">
          {t('admin.draw.fileLabel')}
        </label>
        {/* The native input, transparent over a button in the page's language; it keeps the
            keyboard focus and the label, and its frame shows the focus. */}
        <div className="flex flex-wrap items-center gap-3">
          <span className="relative inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface-2 px-5 text-sm font-semibold text-fg focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand hover:bg-surface">
            <FileUp aria-hidden="true" className="size-4" />
            {t('admin.draw.choose')}
            <input
              key={inputKey}
              id={inputId}
              type="file"
              accept=".csv,.json,text/csv,application/json"
              aria-describedby={`${inputId}-hint`}
              onChange={choose}
              data-testid="draw-file"
              className="absolute inset-0 cursor-pointer opacity-0"
            />
          </span>
          <span className="min-w-0 text-sm break-all text-muted">
            {file?.name ?? t('admin.draw.noFile')}
          </span>
        </div>
        <p id={`${inputId}-hint`} className="mt-2 text-sm break-words text-muted">
          {t('admin.draw.fileHint')}
        </p>
        <a
          href={drawExportPath(tournament.id)}
          download="draw.csv"
          className="mt-3 inline-flex min-h-9 items-center gap-1.5 text-sm font-semibold text-brand underline underline-offset-4"
        >
          <Download aria-hidden="true" className="size-4" />
          {t('admin.draw.download')}
        </a>
      </div>

      {/* The summary is read out once the preview arrives; the page does not move the focus. */}
      <p role="status" className="sr-only">
        {preview.isSuccess
          ? `${t('admin.draw.pairs', { count: preview.data.rows.length })} · ${t('admin.draw.problemCount', { count: preview.data.problems.length })}`
          : ''}
      </p>
      {upload.isSuccess ? (
        <ImportDone tournament={tournament} result={upload.data} />
      ) : preview.isPending ? (
        <Spinner label={t('admin.draw.reading')} className="min-h-40" />
      ) : preview.isError ? (
        <FileRefused error={preview.error} />
      ) : preview.isSuccess && file ? (
        <PreviewResult
          preview={preview.data}
          isImporting={upload.isPending}
          importError={upload.error}
          onImport={() => upload.mutate(file)}
        />
      ) : (
        <Alert tone="info" role="none">
          <FileUp aria-hidden="true" className="mr-1 inline size-4" />
          {t('admin.draw.empty')}
        </Alert>
      )}
    </div>
  )
}

/** A file refused as a whole (400): the reason, and which columns or line when the server says. */
function FileRefused({ error }: { error: unknown }) {
  const { t } = useTranslation()
  const messages = useAdminMessages()
  const details = error instanceof ApiError ? error.details : undefined
  const { missing, unknown, repeated } = refusedColumns(details)
  const line =
    typeof details === 'object' && details !== null && 'line' in details ? details.line : null
  const notes = [
    missing.length > 0 && t('admin.draw.refusedMissing', { columns: missing.join(', ') }),
    unknown.length > 0 && t('admin.draw.refusedUnknown', { columns: unknown.join(', ') }),
    repeated.length > 0 && t('admin.draw.refusedRepeated', { columns: repeated.join(', ') }),
    typeof line === 'number' && t('admin.draw.refusedLine', { line }),
  ].filter((note) => typeof note === 'string')
  return (
    <Alert
      tone="error"
      testId="draw-refused"
      title={t('admin.draw.refused', { message: messages.requestFailure(error) })}
    >
      {notes.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 break-words">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </Alert>
  )
}

function PreviewResult({
  preview,
  isImporting,
  importError,
  onImport,
}: {
  preview: DrawPreview
  isImporting: boolean
  importError: Error | null
  onImport: () => void
}) {
  const { t } = useTranslation()
  const messages = useAdminMessages()
  const problemText = useDrawProblemText()
  const reasonId = useId()
  const { summary } = preview
  // Every problem in reading order, named as the file names its columns: on a phone, most
  // cells are out of view.
  const problemLine = (problem: DrawProblem) => {
    const reason = problemText(problem)
    if (problem.row === null) return reason
    if (problem.column === null) return t('admin.draw.problemAtRow', { row: problem.row, reason })
    return t('admin.draw.problemAt', { row: problem.row, column: problem.column, reason })
  }
  const blockReason = preview.blockedBy ? t(`admin.draw.blocked.${preview.blockedBy}`) : null
  const problemReason = preview.problems.length > 0 ? t('admin.draw.fixProblems') : null
  const reason = problemReason ?? blockReason
  const importFailure =
    importError instanceof ApiError && isBlock(importError.reason)
      ? t(`admin.draw.blocked.${importError.reason}`)
      : importError && messages.requestFailure(importError)

  return (
    <section aria-labelledby={`${reasonId}-summary`} className="space-y-4">
      <div>
        <p
          id={`${reasonId}-summary`}
          data-testid="draw-summary"
          className="text-lg font-bold text-fg"
        >
          {t('admin.draw.pairs', { count: preview.rows.length })} ·{' '}
          {t('admin.draw.problemCount', { count: preview.problems.length })}
        </p>
        <p className="mt-1 text-sm text-muted">
          {t('admin.draw.outcome', {
            created: summary.playersCreated,
            reused: summary.playersReused,
            updated: summary.playersUpdated,
            pairsCreated: summary.pairsCreated,
            pairsReused: summary.pairsReused,
            matchesCreated: summary.round16Created,
            matchesChanged: summary.round16Changed,
          })}{' '}
          {t('admin.draw.fileRead', {
            format: preview.format.toUpperCase(),
            encoding: preview.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252 (Latin-1)',
          })}
        </p>
      </div>
      {blockReason && (
        <Alert tone="error" testId="draw-blocked">
          {blockReason}
        </Alert>
      )}
      {preview.problems.length > 0 && (
        <Alert
          tone="error"
          role="none"
          title={t('admin.draw.problemsTitle')}
          testId="draw-problems"
        >
          <ul className="list-disc space-y-1 pl-5 break-words">
            {preview.problems.map((problem, index) => (
              <li key={index}>{problemLine(problem)}</li>
            ))}
          </ul>
        </Alert>
      )}
      {preview.isUnchanged && preview.problems.length === 0 && (
        <Alert tone="info" role="none">
          {t('admin.draw.unchanged')}
        </Alert>
      )}
      {preview.rows.length > 0 && <DrawPreviewTable preview={preview} />}
      {importFailure && (
        <Alert tone="error" testId="draw-import-failed">
          {t('admin.draw.importFailed', { message: importFailure })}
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          disabled={!preview.canImport || isImporting}
          aria-describedby={reason ? reasonId : undefined}
          onClick={onImport}
        >
          <FileUp aria-hidden="true" className="size-4" />
          {isImporting ? t('admin.draw.importing') : t('admin.draw.import')}
        </Button>
        {reason && (
          <p id={reasonId} className="text-sm font-semibold text-danger">
            {reason}
          </p>
        )}
      </div>
    </section>
  )
}
