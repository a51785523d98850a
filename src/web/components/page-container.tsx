import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn'
import { PageMeta } from './page-meta'

interface PageContainerProps {
  /** Page name: the h1 and the document title ("… | Golden Point"). */
  title: string
  description: string
  /** A line under the heading. */
  intro?: string
  /** Actions shown beside the heading (for example an "Add" button). */
  actions?: ReactNode
  width?: 'narrow' | 'wide'
  children?: ReactNode
}

/** The frame of an ordinary page: meta tags, the page's single h1, an intro and the content. */
export function PageContainer({
  title,
  description,
  intro,
  actions,
  width = 'wide',
  children,
}: PageContainerProps) {
  return (
    <div
      className={cn(
        'mx-auto w-full px-4 py-10 sm:px-6 sm:py-14',
        width === 'narrow' ? 'max-w-xl' : 'max-w-6xl',
      )}
    >
      <PageMeta title={title} description={description} />
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">{title}</h1>
          {intro && <p className="mt-2 text-base text-muted">{intro}</p>}
        </div>
        {actions}
      </div>
      {children}
    </div>
  )
}
