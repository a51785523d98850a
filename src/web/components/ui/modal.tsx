import { X } from 'lucide-react'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../lib/cn'

interface ModalProps {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  /** While true, Escape and the close button do nothing (a submission in flight). */
  isLocked?: boolean
  testId?: string
  className?: string
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (the focus stays
 * inside), Escape closes it, and focus returns to the element that opened it.
 */
export function Modal({ open, onClose, title, children, isLocked, testId, className }: ModalProps) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
      return () => {
        if (dialog.open) dialog.close()
        opener?.focus()
      }
    }
    return undefined
  }, [open])

  if (!open) return null
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault()
        if (!isLocked) onClose()
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-line bg-surface p-0 text-fg shadow-xl backdrop:bg-glass-950/60',
        className,
      )}
    >
      <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          disabled={isLocked}
          className="-m-1 rounded-full p-1 text-muted hover:bg-surface-2 disabled:opacity-50"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">{t('bracket.close')}</span>
        </button>
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>
  )
}
