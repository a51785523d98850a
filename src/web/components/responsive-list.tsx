import { useSyncExternalStore, type ReactNode } from 'react'
import { cn } from '#web/lib/cn'
import { ListRows } from './responsive-list-rows'

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
  /**
   * Where the column goes on a phone's compact row: `figure` at the end of the title line (the
   * row's key figure, never wrapped), `meta` (the default) in the small line beneath, `details`
   * only once the row is opened; `table` leaves it out of the phone's row altogether.
   */
  phone?: 'figure' | 'meta' | 'details' | 'table'
  /** The cell on a phone, when it reads differently there (shorter); null leaves it out. */
  phoneCell?: (item: T) => ReactNode
}

export interface ResponsiveListProps<T> {
  /** Names the table (caption) and the card list (aria-label). */
  caption: string
  items: readonly T[]
  itemKey: (item: T) => string
  /** The first column on desktop, the row's title on phones. */
  primary: ListColumn<T>
  columns: readonly ListColumn<T>[]
  /** Columns only a phone's row shows (in the table they are part of another column's cell). */
  phoneColumns?: readonly ListColumn<T>[]
  /**
   * The row's buttons: the last column on desktop. On phones `phone` is the one action at the
   * row's end (a 44 px target); the whole `cell` is in the row's opened part when there is no
   * `phone`, or when `phoneAlsoDetails` says the rest of the actions live there too.
   */
  actions?: {
    header: string
    cell: (item: T) => ReactNode
    phone?: (item: T) => ReactNode
    phoneAlsoDetails?: boolean
  }
  /** What a phone's "show details" button names, e.g. the row's user or tournament. */
  itemName?: (item: T) => string
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
 * A list of records that is a table on wide screens and compact rows on narrow ones (one or two
 * lines a record: its name and key figure, then the secondary facts small, the rest behind a
 * "details" button), so no column ever needs a sideways scroll and a phone sees a screenful of
 * records, not one tall card (issue 29). Only one of the two is rendered, so screen readers and
 * tests meet each record once.
 */
export function ResponsiveList<T>(props: ResponsiveListProps<T>) {
  const isWide = useIsAtLeast(props.tableFrom ?? 'md')
  return isWide ? <ListTable {...props} /> : <ListRows {...props} />
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
