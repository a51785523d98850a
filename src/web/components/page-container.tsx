import type { ReactNode } from 'react'
import type { To } from 'react-router'
import { cn } from '#web/lib/cn'
import { BackLink } from './back-link'
import { PageMeta } from './page-meta'

interface PageContainerProps {
  /** Page name: the h1 and the document title ("… | Golden Point"). */
  title: string
  description: string
  /** A line under the heading. */
  intro?: string
  /** Actions shown beside the heading (for example an "Add" button). */
  actions?: ReactNode
  /** The page's way back ("← All tournaments"), above the heading. */
  back?: { to: To; label: string }
  width?: 'narrow' | 'wide'
  children?: ReactNode
}

/**
 * The frame of an ordinary page: meta tags, the way back, the page's single h1, an intro and the
 * content.
 */
export function PageContainer({
  title,
  description,
  intro,
  actions,
  back,
  width = 'wide',
  children,
}: PageContainerProps) {
  return (
    <div
      className={cn(
        // The way back takes the place of some of the top space.
        'mx-auto w-full px-4 pb-10 sm:px-6 sm:pb-14',
        back ? 'pt-4 sm:pt-8' : 'pt-10 sm:pt-14',
        width === 'narrow' ? 'max-w-xl' : 'max-w-6xl',
      )}
    >
      <PageMeta title={title} description={description} />
      {back && (
        <BackLink to={back.to} className="mb-2">
          {back.label}
        </BackLink>
      )}
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
