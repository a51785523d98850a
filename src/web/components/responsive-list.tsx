import { useSyncExternalStore, type ReactNode } from 'react'
import { cn } from '#web/lib/cn'

/** Tailwind's breakpoints, in px: the list is a table from this viewport width up. */
const BREAKPOINTS = { md: 768, lg: 1024, xl: 1280 } as const
export type ListBreakpoint = keyof typeof BREAKPOINTS

export interface ListColumn<T> {
  /** Unique within the list; used as the React key. */
  key: string
  header: string
  cell: (item: T) => ReactNode
  /** Extra classes for the table cell (e.g. whitespace-nowrap, tabular-nums). */
  className?: string
}

interface ResponsiveListProps<T> {
  /** Names the table (caption) and the card list (aria-label). */
  caption: string
  items: readonly T[]
  itemKey: (item: T) => string
  /** The first column on desktop, the card's title on phones. */
  primary: ListColumn<T>
  columns: readonly ListColumn<T>[]
  /** The row's buttons: the last column on desktop, the card's footer on phones. */
  actions?: { header: string; cell: (item: T) => ReactNode }
  tableFrom?: ListBreakpoint
  testId?: string
  itemTestId?: string
  /** data-* attributes of each row or card, for styling hooks and tests. */
  itemData?: (item: T) => Record<`data-${string}`, string>
}

function subscribeTo(query: string) {
  return (onChange: () => void) => {
    const list = window.matchMedia(query)
    list.addEventListener('change', onChange)
    return () => list.removeEventListener('change', onChange)
  }
}

/** Whether the viewport is at least `breakpoint` wide, following resizes. */
export function useIsAtLeast(breakpoint: ListBreakpoint): boolean {
  const query = `(min-width: ${BREAKPOINTS[breakpoint]}px)`
  return useSyncExternalStore(
    subscribeTo(query),
    () => window.matchMedia(query).matches,
    () => true,
  )
}

export const listCellClasses = 'px-4 py-3 align-top'

/**
 * A list of records that is a table on wide screens and a stack of cards on narrow ones, so no
 * column (least of all the actions) ever needs a sideways scroll. Only one of the two is
 * rendered, so screen readers and tests meet each record once.
 */
export function ResponsiveList<T>(props: ResponsiveListProps<T>) {
  const isWide = useIsAtLeast(props.tableFrom ?? 'md')
  return isWide ? <ListTable {...props} /> : <ListCards {...props} />
}

function ListTable<T>({
  caption,
  items,
  itemKey,
  primary,
  columns,
  actions,
  testId,
  itemTestId,
  itemData,
}: ResponsiveListProps<T>) {
  const all = [primary, ...columns]
  return (
    // A safety net only: the columns are chosen to fit. Focusable and named, so a keyboard user
    // could still scroll it if a long name made it overflow.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-line bg-surface"
    >
      <table data-testid={testId} data-layout="table" className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-surface-2 text-xs font-bold tracking-wide text-muted uppercase">
          <tr>
            {all.map((column) => (
              <th key={column.key} scope="col" className="px-4 py-3">
                {column.header}
              </th>
            ))}
            {actions && (
              <th scope="col" className="px-4 py-3">
                {actions.header}
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-line text-fg">
          {items.map((item) => (
            <tr key={itemKey(item)} data-testid={itemTestId} {...itemData?.(item)}>
              {all.map((column) => (
                <td key={column.key} className={cn(listCellClasses, column.className)}>
                  {column.cell(item)}
                </td>
              ))}
              {actions && <td className={listCellClasses}>{actions.cell(item)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function ListCards<T>({
  caption,
  items,
  itemKey,
  primary,
  columns,
  actions,
  testId,
  itemTestId,
  itemData,
}: ResponsiveListProps<T>) {
  return (
    <ul
      aria-label={caption}
      data-testid={testId}
      data-layout="cards"
      className="flex flex-col gap-3"
    >
      {items.map((item) => (
        <li
          key={itemKey(item)}
          data-testid={itemTestId}
          {...itemData?.(item)}
          className="min-w-0 rounded-2xl border border-line bg-surface p-4 text-sm text-fg"
        >
          <div className="min-w-0 font-semibold break-words">{primary.cell(item)}</div>
          {columns.length > 0 && (
            <dl className="mt-3 grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-2">
              {columns.map((column) => (
                <div key={column.key} className="contents">
                  <dt className="text-xs font-bold tracking-wide text-muted uppercase">
                    {column.header}
                  </dt>
                  <dd className="min-w-0 break-words">{column.cell(item)}</dd>
                </div>
              ))}
            </dl>
          )}
          {actions && (
            <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-line pt-3">
              {actions.cell(item)}
            </div>
          )}
        </li>
      ))}
    </ul>
  )
}
