import { CircleAlert, CircleHelp, Info } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'

export type DialogTone = 'error' | 'info' | 'confirm'

export interface MessageDialogOptions {
  tone?: Exclude<DialogTone, 'confirm'>
  title: string
  /** Lines shown as a list under the title (the form's errors, for instance). */
  items?: readonly string[]
  body?: ReactNode
}

export interface ConfirmDialogOptions {
  title: string
  body?: ReactNode
  confirmLabel: string
  /** The label of the button that declines (default "Cancel"). */
  cancelLabel?: string
}

interface OpenDialog {
  kind: 'message' | 'confirm'
  options: MessageDialogOptions | ConfirmDialogOptions
  resolve: (confirmed: boolean) => void
}

const icons = { error: CircleAlert, info: Info, confirm: CircleHelp } as const

interface ModalProps {
  isOpen: boolean
  onClose: () => void
  labelledBy: string
  describedBy?: string
  /** alertdialog for messages that interrupt; dialog for everything else. */
  role?: 'dialog' | 'alertdialog'
  className?: string
  testId?: string
  children: ReactNode
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert and keeps focus
 * inside, Escape closes it (the browser's cancel event), and focus goes back to the element that
 * opened it. A click on the backdrop closes it too.
 */
export function Modal({
  isOpen,
  onClose,
  labelledBy,
  describedBy,
  role = 'dialog',
  className,
  testId,
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  }, [onClose])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !isOpen) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    return () => {
      if (dialog.open) dialog.close()
      opener?.focus()
    }
  }, [isOpen])

  if (!isOpen) return null
  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault()
        onCloseRef.current()
      }}
      onClick={(event) => {
        // The dialog element itself is only the target when the click lands on its backdrop.
        if (event.target === event.currentTarget) onCloseRef.current()
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-line bg-surface p-0 text-fg shadow-xl',
        'backdrop:bg-glass-950/60',
        className,
      )}
    >
      <div className="p-5 sm:p-6">{children}</div>
    </dialog>
  )
}

/**
 * The admin screens' in-app replacement for alert() and confirm(): `showMessage` resolves when
 * the message is dismissed, `confirm` with true or false. Render `element` once in the page.
 */
export function useAdminDialog() {
  const { t } = useTranslation()
  const [current, setCurrent] = useState<OpenDialog | null>(null)
  const titleId = useId()
  const bodyId = useId()

  const showMessage = useCallback(
    (options: MessageDialogOptions) =>
      new Promise<void>((resolve) => {
        setCurrent({ kind: 'message', options, resolve: () => resolve() })
      }),
    [],
  )

  const confirm = useCallback(
    (options: ConfirmDialogOptions) =>
      new Promise<boolean>((resolve) => {
        setCurrent({ kind: 'confirm', options, resolve })
      }),
    [],
  )

  const finish = (confirmed: boolean) => {
    current?.resolve(confirmed)
    setCurrent(null)
  }

  let element: ReactNode = null
  if (current) {
    const { options } = current
    const tone: DialogTone =
      current.kind === 'confirm' ? 'confirm' : ((options as MessageDialogOptions).tone ?? 'error')
    const Icon = icons[tone]
    const items = current.kind === 'message' ? (options as MessageDialogOptions).items : undefined
    element = (
      <Modal
        isOpen
        onClose={() => finish(false)}
        labelledBy={titleId}
        describedBy={bodyId}
        role={tone === 'error' ? 'alertdialog' : 'dialog'}
        testId={current.kind === 'confirm' ? 'confirm-dialog' : 'message-dialog'}
      >
        <div className="flex gap-3">
          <Icon
            aria-hidden="true"
            className={cn(
              'mt-0.5 size-6 shrink-0',
              tone === 'error' ? 'text-danger' : 'text-brand',
            )}
          />
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg font-bold text-fg">
              {options.title}
            </h2>
            <div id={bodyId} className="mt-2 text-sm text-fg">
              {items && items.length > 0 && (
                <ul className="list-disc space-y-1 pl-5">
                  {items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {options.body}
            </div>
          </div>
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          {current.kind === 'confirm' ? (
            <>
              <Button variant="secondary" onClick={() => finish(false)}>
                {(options as ConfirmDialogOptions).cancelLabel ?? t('admin.dialog.cancel')}
              </Button>
              <Button variant="primary" autoFocus onClick={() => finish(true)}>
                {(options as ConfirmDialogOptions).confirmLabel}
              </Button>
            </>
          ) : (
            <Button variant="primary" autoFocus onClick={() => finish(true)}>
              {t('admin.dialog.ok')}
            </Button>
          )}
        </div>
      </Modal>
    )
  }

  return { showMessage, confirm, element }
}
