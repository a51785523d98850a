import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { Modal } from '#web/components/ui/modal'

interface ConfirmDialogProps {
  open: boolean
  title: string
  body: ReactNode
  confirmLabel: string
  /** Red for what cannot be undone (delete, remove, leave). */
  isDestructive?: boolean
  isPending?: boolean
  error?: string | null
  onConfirm: () => void
  onClose: () => void
  testId?: string
}

/** Asks before an owner's or member's step that cannot be taken back, on the app's one modal. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  isDestructive = false,
  isPending = false,
  error,
  onConfirm,
  onClose,
  testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation()
  const bodyId = useId()
  return (
    <Modal
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={title}
      describedBy={bodyId}
      isLocked={isPending}
      testId={testId}
    >
      <div id={bodyId} className="text-sm text-muted">
        {body}
      </div>
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={isPending}>
          {t('leagues.cancel')}
        </Button>
        <Button
          variant={isDestructive ? 'primary' : 'accent'}
          className={isDestructive ? 'bg-danger text-surface hover:bg-danger/90' : undefined}
          onClick={onConfirm}
          disabled={isPending}
          data-testid="confirm-button"
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  )
}
