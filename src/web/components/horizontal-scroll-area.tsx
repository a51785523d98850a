import { ArrowRight } from 'lucide-react'
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import { scrollEdges, type ScrollEdges } from '#web/lib/scroll-edges'

interface HorizontalScrollAreaProps {
  /** Accessible name of the scrollable region. */
  label: string
  /** The visible cue while more waits to the right, e.g. "More rounds". */
  moreLabel: string
  children: ReactNode
  testId?: string
}

/**
 * A frame that scrolls sideways (a bracket on a phone) and says so: a fade on each side that has
 * hidden content and a "more →" cue that goes once the end is in view. It is a focusable region:
 * the arrow keys scroll it, and Home and End jump to its first and last columns (browsers give
 * those keys to vertical scrolling, which this frame does not have). Children marked `snap-start`
 * are snapped to; smooth scrolling only without a reduced-motion preference. Edge to edge below
 * `sm`, like the page.
 */
export function HorizontalScrollArea({
  label,
  moreLabel,
  children,
  testId,
}: HorizontalScrollAreaProps) {
  const scrollerRef = useRef<HTMLDivElement>(null)
  const edges = useScrollEdges(scrollerRef)
  const overflows = edges.hasBefore || edges.hasAfter

  const scrollOn = () => {
    const scroller = scrollerRef.current
    scroller?.scrollBy({ left: scroller.clientWidth * 0.8 })
  }

  const jumpToEnd = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return
    if (event.key !== 'Home' && event.key !== 'End') return
    event.preventDefault()
    const scroller = event.currentTarget
    scroller.scrollTo({ left: event.key === 'Home' ? 0 : scroller.scrollWidth })
  }

  return (
    <div className="min-w-0">
      {overflows && (
        // The row stays once the cue has gone, so the frame does not jump at the end.
        <div className="mb-2 flex min-h-8 items-center justify-end">
          {edges.hasAfter && (
            // Keyboard users scroll the region itself; this is a shortcut for a tap or a click.
            <button
              type="button"
              tabIndex={-1}
              onClick={scrollOn}
              data-testid="scroll-hint"
              className="inline-flex min-h-8 items-center gap-1.5 rounded-full bg-brand-solid px-3 text-xs font-semibold text-on-brand shadow-sm hover:bg-brand-solid-hover"
            >
              {moreLabel}
              <ArrowRight aria-hidden="true" className="size-3.5" />
            </button>
          )}
        </div>
      )}
      <div className="relative -mx-4 sm:mx-0">
        <div
          ref={scrollerRef}
          role="region"
          aria-label={label}
          tabIndex={0}
          onKeyDown={jumpToEnd}
          data-testid={testId}
          className="snap-x snap-proximity scroll-px-4 overflow-x-auto px-4 pb-2 focus-visible:outline-offset-[-3px] motion-safe:scroll-smooth sm:scroll-px-0 sm:px-0"
        >
          {children}
        </div>
        {/* Inset by the focus ring's width, so the fades never hide it. */}
        {edges.hasBefore && (
          <div
            aria-hidden="true"
            data-testid="scroll-fade-before"
            className="pointer-events-none absolute inset-y-[3px] left-[3px] w-10 bg-linear-to-r from-canvas to-transparent"
          />
        )}
        {edges.hasAfter && (
          <div
            aria-hidden="true"
            data-testid="scroll-fade-after"
            className="pointer-events-none absolute inset-y-[3px] right-[3px] w-10 bg-linear-to-l from-canvas to-transparent"
          />
        )}
      </div>
    </div>
  )
}

/** Follows the frame's scroll position and size (and its content's size) as they change. */
function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ hasBefore: false, hasAfter: false })
  useEffect(() => {
    const scroller = ref.current
    if (!scroller) return
    const update = () => {
      const next = scrollEdges(scroller)
      setEdges((previous) =>
        previous.hasBefore === next.hasBefore && previous.hasAfter === next.hasAfter
          ? previous
          : next,
      )
    }
    update()
    scroller.addEventListener('scroll', update, { passive: true })
    const observer = new ResizeObserver(update)
    observer.observe(scroller)
    if (scroller.firstElementChild) observer.observe(scroller.firstElementChild)
    return () => {
      scroller.removeEventListener('scroll', update)
      observer.disconnect()
    }
  }, [ref])
  return edges
}
