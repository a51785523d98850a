import { X } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Match, Pair } from '#shared/schemas/tournament'
import { useSetScoresFormat } from '#web/lib/format'
import {
  highlightSlot,
  resultAnnouncementOf,
  slotKeyOf,
  useLatestLiveResult,
} from '#web/lib/live-results'
import { pairsById } from '#web/lib/pair-names'
import { Button } from './ui/button'

/** How long the toast stays, and the match's mark (three pulses of the ring, then it goes). */
const TOAST_MS = 8_000
const HIGHLIGHT_MS = 4_000

interface Announced {
  at: number
  round: Match['round']
  slotKey: string
  text: string
}

/**
 * Says a result that arrived live ("Result: Alonso / Ruiz 6–3 6–4") in a polite live region at
 * the foot of the screen, and marks its match in the page's trees for a moment; "Show" scrolls
 * to it, which on a phone is often off-screen in a scrolled column. It speaks only once the page's
 * tournament was refetched after the event (`updatedAt`), so it never reads the old result.
 */
export function LiveResultToast({
  tournament,
  updatedAt,
  canShowMatch = false,
}: {
  tournament: { id: string; pairs: readonly Pair[]; matches: readonly Match[] } | undefined
  /** When the tournament's data was received (React Query's dataUpdatedAt). */
  updatedAt: number
  /** The page shows the bracket, so "Show" can scroll to the match. */
  canShowMatch?: boolean
}) {
  const { t } = useTranslation()
  const formatSets = useSetScoresFormat()
  const result = useLatestLiveResult(tournament?.id ?? '')
  const pairs = useMemo(() => pairsById(tournament?.pairs ?? []), [tournament?.pairs])
  // Results from before this page opened are not news; one dismissed or timed out stays gone.
  const [openedAt] = useState(() => Date.now())
  const [doneAt, setDoneAt] = useState(0)
  const announced = useMemo((): Announced | null => {
    if (!tournament || !result || result.at < openedAt || result.at <= doneAt) return null
    if (updatedAt < result.at) return null
    const match = tournament.matches.find((candidate) => candidate.id === result.matchId)
    const said = match ? resultAnnouncementOf(match, pairs) : null
    if (!match || !said) return null
    const text = said.sets
      ? t('live_updates.result', { winner: said.winner, score: formatSets(said.sets) })
      : t('live_updates.result_no_score', { winner: said.winner })
    const slotKey = slotKeyOf(match.round, match.matchNumber)
    return { at: result.at, round: match.round, slotKey, text }
  }, [tournament, result, openedAt, doneAt, updatedAt, pairs, t, formatSets])

  const announcedAt = announced?.at ?? 0
  const announcedSlot = announced?.slotKey ?? null
  useEffect(() => {
    if (announcedSlot === null) return
    highlightSlot(announcedSlot)
    const unmark = setTimeout(() => highlightSlot(null), HIGHLIGHT_MS)
    const hide = setTimeout(() => setDoneAt(announcedAt), TOAST_MS)
    return () => {
      clearTimeout(unmark)
      clearTimeout(hide)
      highlightSlot(null)
    }
  }, [announcedAt, announcedSlot])

  const showMatch = () => {
    if (!announced) return
    const selector = `[data-testid="bracket-match"][data-slot="${announced.slotKey}"]`
    const card =
      document.querySelector(`[data-testid="results-section"] ${selector}`) ??
      document.querySelector(selector)
    const isReduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
    card?.scrollIntoView({
      block: 'center',
      inline: 'center',
      behavior: isReduced ? 'auto' : 'smooth',
    })
    highlightSlot(null)
    window.requestAnimationFrame(() => highlightSlot(announced.slotKey))
  }

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      <div
        data-testid="live-result-toast"
        data-open={announced !== null}
        className={
          announced
            ? 'pointer-events-auto flex w-full max-w-sm items-center gap-2 rounded-2xl border border-line bg-surface py-2 pr-2 pl-4 text-sm shadow-lg'
            : 'sr-only'
        }
      >
        {/* Always in the page, so a screen reader hears the text the moment it is put in. */}
        <p role="status" aria-live="polite" aria-atomic="true" className="min-w-0 flex-1">
          {announced && (
            <>
              <span className="block text-xs text-muted">
                {t(`bracket.rounds.${announced.round}`)}
              </span>
              <span className="block font-semibold text-fg tabular-nums">{announced.text}</span>
            </>
          )}
        </p>
        {announced && canShowMatch && (
          <Button variant="secondary" size="sm" onClick={showMatch}>
            {t('live_updates.show_match')}
          </Button>
        )}
        {announced && (
          <button
            type="button"
            onClick={() => setDoneAt(announcedAt)}
            aria-label={t('live_updates.dismiss')}
            className="flex size-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
    </div>
  )
}
