import { ChevronDown } from 'lucide-react'
import { Fragment, useId, useState, type ComponentType, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '#web/lib/cn'
import type { ListColumn, ResponsiveListProps } from './responsive-list'

const iconTarget =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-fg ' +
  'transition-colors motion-reduce:transition-none hover:bg-surface-2 ' +
  'disabled:cursor-not-allowed disabled:opacity-60'

/** A phone row's icon button or link (named by its aria-label): a 44 px target. */
export const rowIconButtonClasses = `${iconTarget} border border-line bg-surface`

/** A phone row's one action as an icon: `label` names it for the row, `title` shows on hover. */
export function RowIconButton({
  icon: Icon,
  label,
  title,
  onClick,
  disabled,
}: {
  icon: ComponentType<{ 'aria-hidden'?: boolean | 'true'; className?: string }>
  label: string
  title: string
  onClick: () => void
  disabled?: boolean
}) {
  return (
    <button
      type="button"
      disabled={disabled}
      aria-label={label}
      title={title}
      onClick={onClick}
      className={rowIconButtonClasses}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  )
}

/**
 * The phone's layout of a ResponsiveList: one compact row per record — the title and the key
 * figure on one line, the secondary facts small beneath, then the row's action or a "details"
 * button that opens the rest. Long names wrap, so nothing is cut off.
 */
export function ListRows<T>({ caption, items, testId, itemKey, ...row }: ResponsiveListProps<T>) {
  return (
    <ul
      aria-label={caption}
      data-testid={testId}
      data-layout="rows"
      className="divide-y divide-line rounded-2xl border border-line bg-surface text-sm text-fg"
    >
      {items.map((item) => (
        <ListRow key={itemKey(item)} item={item} {...row} />
      ))}
    </ul>
  )
}

function cellOf<T>(column: ListColumn<T>, item: T): ReactNode {
  return (column.phoneCell ?? column.cell)(item)
}

function ListRow<T>({
  item,
  primary,
  columns,
  phoneColumns = [],
  actions,
  itemName,
  itemTestId,
  itemData,
}: Omit<ResponsiveListProps<T>, 'caption' | 'items' | 'itemKey' | 'testId'> & { item: T }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const all = [...phoneColumns, ...columns]
  const figures = all.filter((column) => column.phone === 'figure')
  // A fact a row does not have (a cell of null) leaves no empty "·" behind.
  const facts = all
    .filter((column) => (column.phone ?? 'meta') === 'meta')
    .map((column) => ({ column, cell: cellOf(column, item) }))
    .filter(({ cell }) => cell !== null && cell !== undefined && cell !== false && cell !== '')
  const details = all.filter((column) => column.phone === 'details')
  const actionsInDetails = actions !== undefined && (!actions.phone || actions.phoneAlsoDetails)
  const hasDetails = details.length > 0 || actionsInDetails
  const name = itemName?.(item)
  return (
    <li data-testid={itemTestId} {...itemData?.(item)} className="min-w-0">
      <div className="flex min-h-14 items-center gap-2 py-1.5 pr-2 pl-3">
        <div className="min-w-0 flex-1">
          {/* A name too long to share its line pushes the figure down rather than break. */}
          <div className="flex flex-wrap items-baseline gap-x-2">
            <div className="min-w-0 font-semibold break-words">{cellOf(primary, item)}</div>
            {figures.map((column) => (
              <div
                key={column.key}
                className="ml-auto shrink-0 text-right font-semibold whitespace-nowrap tabular-nums"
              >
                <span className="sr-only">{column.header}: </span>
                {cellOf(column, item)}
              </div>
            ))}
          </div>
          {facts.length > 0 && (
            <div className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted">
              {facts.map(({ column, cell }, index) => (
                <Fragment key={column.key}>
                  {index > 0 && <span aria-hidden="true">·</span>}
                  <span className="min-w-0 break-words">
                    <span className="sr-only">{column.header}: </span>
                    {cell}
                  </span>
                </Fragment>
              ))}
            </div>
          )}
        </div>
        {actions?.phone?.(item)}
        {hasDetails && (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            aria-label={
              name === undefined ? t('common.list.details') : t('common.list.detailsOf', { name })
            }
            data-testid="row-details-toggle"
            onClick={() => setOpen(!open)}
            className={iconTarget}
          >
            <ChevronDown
              aria-hidden="true"
              className={cn(
                'size-5 transition-transform motion-reduce:transition-none',
                open && 'rotate-180',
              )}
            />
          </button>
        )}
      </div>
      {hasDetails && (
        <div id={panelId} hidden={!open} className="border-t border-line bg-surface-2/50 px-3 py-3">
          {details.length > 0 && (
            <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-2">
              {details.map((column) => (
                <div key={column.key} className="contents">
                  <dt className="text-xs font-bold tracking-wide text-muted uppercase">
                    {column.header}
                  </dt>
                  <dd className="min-w-0 break-words">{cellOf(column, item)}</dd>
                </div>
              ))}
            </dl>
          )}
          {actionsInDetails && (
            <div className={cn('flex flex-wrap items-center gap-2', details.length > 0 && 'mt-3')}>
              {actions.cell(item)}
            </div>
          )}
        </div>
      )}
    </li>
  )
}
