import { CircleAlert, CircleHelp, Info } from 'lucide-react'
import { useCallback, useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#web/components/ui/button'
import { Modal } from '#web/components/ui/modal'
import { cn } from '#web/lib/cn'

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
  /** It cannot be undone: the confirming button is red. */
  isDangerous?: boolean
}

interface OpenDialog {
  kind: 'message' | 'confirm'
  options: MessageDialogOptions | ConfirmDialogOptions
  resolve: (confirmed: boolean) => void
}

const icons = { error: CircleAlert, info: Info, confirm: CircleHelp } as const

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
        open
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
            <ConfirmButtons options={options as ConfirmDialogOptions} onAnswer={finish} />
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

/** Decline, then confirm; a dangerous confirm is red and the focus starts on declining. */
function ConfirmButtons({
  options,
  onAnswer,
}: {
  options: ConfirmDialogOptions
  onAnswer: (confirmed: boolean) => void
}) {
  const { t } = useTranslation()
  const isDangerous = options.isDangerous === true
  return (
    <>
      <Button variant="secondary" autoFocus={isDangerous} onClick={() => onAnswer(false)}>
        {options.cancelLabel ?? t('admin.dialog.cancel')}
      </Button>
      <Button
        variant={isDangerous ? 'danger' : 'primary'}
        autoFocus={!isDangerous}
        onClick={() => onAnswer(true)}
      >
        {options.confirmLabel}
      </Button>
    </>
  )
}
