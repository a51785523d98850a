import { X } from 'lucide-react'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '#web/lib/cn'

type ModalProps = {
  open: boolean
  onClose: () => void
  /** alertdialog for messages that interrupt; dialog for everything else. */
  role?: 'dialog' | 'alertdialog'
  describedBy?: string
  /** While true, Escape, the backdrop and the close button do nothing (a submission in flight). */
  isLocked?: boolean
  testId?: string
  className?: string
  children: ReactNode
} & (
  | {
      /** The heading, shown in a header bar with a close button. */
      title: ReactNode
      labelledBy?: never
    }
  | {
      /** The id of the heading the content renders itself (no header bar). */
      labelledBy: string
      title?: never
    }
)

/**
 * The one modal of the web app, on the native <dialog>: showModal() makes the rest of the page
 * inert and keeps focus inside, Escape closes it (the browser's cancel event), a click on the
 * backdrop closes it, and focus goes back to the element that opened it.
 */
export function Modal({
  open,
  onClose,
  title,
  labelledBy,
  describedBy,
  role = 'dialog',
  isLocked = false,
  testId,
  className,
  children,
}: ModalProps) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // The latest onClose and lock, read by the dialog's events without re-running the effect.
  const closeRef = useRef(() => {})
  useEffect(() => {
    closeRef.current = () => {
      if (!isLocked) onClose()
    }
  }, [onClose, isLocked])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    return () => {
      if (dialog.open) dialog.close()
      opener?.focus()
    }
  }, [open])

  if (!open) return null
  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy ?? titleId}
      aria-describedby={describedBy}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault()
        closeRef.current()
      }}
      onClick={(event) => {
        // The dialog element itself is only the target when the click lands on its backdrop.
        if (event.target === event.currentTarget) closeRef.current()
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-line bg-surface p-0 text-fg shadow-xl',
        'backdrop:bg-glass-950/60',
        className,
      )}
    >
      {title === undefined ? (
        <div className="p-5 sm:p-6">{children}</div>
      ) : (
        <>
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
            <h2 id={titleId} className="min-w-0 text-lg font-bold break-words">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              disabled={isLocked}
              className="-m-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2 disabled:opacity-50"
            >
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">{t('common.close')}</span>
            </button>
          </div>
          <div className="px-5 py-4">{children}</div>
        </>
      )}
    </dialog>
  )
}
