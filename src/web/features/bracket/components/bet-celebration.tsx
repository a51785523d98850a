import { ArrowRight, PartyPopper, Users, X } from 'lucide-react'
import { useEffect, useMemo, useRef, type CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ShareLinkButton } from '#web/components/share-link-button'
import { buttonClasses } from '#web/components/ui/button'
import { useTournaments } from '#web/lib/queries/tournaments'
import { shareUrlOf } from '#web/lib/share-link'

interface BetCelebrationProps {
  tournamentId: string
  tournamentName: string
  /** The new bracket's share link id; null while the page's data has not brought it yet. */
  shareId: string | null
  onClose: () => void
}

// Where each bit of confetti flies from the popper (px); drawn only with motion allowed.
const CONFETTI = [
  { dx: -44, dy: -30, tone: 'bg-accent' },
  { dx: 40, dy: -36, tone: 'bg-brand' },
  { dx: -30, dy: 28, tone: 'bg-coin' },
  { dx: 46, dy: 22, tone: 'bg-accent' },
  { dx: 2, dy: -48, tone: 'bg-coin' },
  { dx: -52, dy: 2, tone: 'bg-brand' },
] as const

/**
 * The moment after paying (docs/product.md "Changing a bracket and quick fill"): the card pops once (not for a fan who prefers
 * reduced motion) and puts the next steps together: share the bracket, invite friends to a
 * league, the next open tournament. It comes first after the "placed" banner, above what loads
 * after the bet (the insight), so that it stays in view; it takes the focus from the wizard.
 */
export function BetCelebration({
  tournamentId,
  tournamentName,
  shareId,
  onClose,
}: BetCelebrationProps) {
  const { t, i18n } = useTranslation()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const tournaments = useTournaments()
  const next = useMemo(
    () =>
      (tournaments.data?.tournaments ?? [])
        .filter((other) => other.id !== tournamentId && other.isBettingOpen && !other.hasBet)
        .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate))[0] ?? null,
    [tournaments.data, tournamentId],
  )

  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true })
    headingRef.current?.scrollIntoView({ block: 'center' })
  }, [])

  return (
    <section
      aria-labelledby="celebration-title"
      data-testid="bet-celebration"
      className="relative flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 motion-safe:animate-celebrate sm:p-6"
    >
      <button
        type="button"
        onClick={onClose}
        data-testid="celebration-close"
        className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2"
      >
        <X aria-hidden="true" className="size-5" />
        <span className="sr-only">{t('bracket.celebration.close')}</span>
      </button>
      <div className="flex items-center gap-3 pr-10">
        <span className="relative inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-on-accent">
          <PartyPopper aria-hidden="true" className="size-6" />
          {CONFETTI.map(({ dx, dy, tone }) => (
            <span
              key={`${dx},${dy}`}
              aria-hidden="true"
              style={{ '--dx': `${dx}px`, '--dy': `${dy}px` } as CSSProperties}
              className={`absolute size-2 rounded-full ${tone} hidden motion-safe:block motion-safe:animate-confetti`}
            />
          ))}
        </span>
        <div className="min-w-0">
          <h2
            id="celebration-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-bold text-fg focus:outline-none"
          >
            {t('bracket.celebration.title')}
          </h2>
          <p className="text-sm text-muted">{t('bracket.celebration.body')}</p>
        </div>
      </div>
      <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {shareId && (
          <li>
            <ShareLinkButton
              url={shareUrlOf(shareId, i18n.resolvedLanguage ?? i18n.language)}
              title={tournamentName}
              label={t('bracket.celebration.share')}
              variant="accent"
              className="w-full sm:w-auto"
            />
          </li>
        )}
        <li>
          <Link
            to="/leagues"
            data-testid="celebration-invite"
            className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}
          >
            <Users aria-hidden="true" className="size-4" />
            {t('bracket.celebration.invite')}
          </Link>
        </li>
        <li>
          <Link
            to={next ? `/tournament/${next.id}` : '/tournaments'}
            data-testid="celebration-next"
            className={buttonClasses('secondary', 'md', 'w-full py-2 sm:w-auto')}
          >
            {/* The button keeps its text on one line; a long tournament name wraps here. */}
            <span className="min-w-0 whitespace-normal">
              {next
                ? t('bracket.celebration.next', { name: next.name })
                : t('bracket.celebration.all_tournaments')}
            </span>
            <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
          </Link>
        </li>
      </ul>
    </section>
  )
}
