import { Medal, Trophy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { PlayerSummary } from '#shared/schemas/tournament'
import { pairName, type PairsById } from '#web/lib/pair-names'

/**
 * The pair that won the final and the MVP, each once known: the tournament's moment of glory.
 * Nothing while neither is known.
 */
export function ChampionCard({
  championId,
  pairs,
  mvp,
}: {
  championId: string | null
  pairs: PairsById
  mvp: PlayerSummary | null
}) {
  const { t } = useTranslation()
  const champion = championId === null ? undefined : pairs.get(championId)
  if (!champion && !mvp) return null
  return (
    <section
      aria-labelledby="champion-title"
      data-testid="champion-card"
      className="on-hero relative overflow-hidden rounded-2xl bg-linear-to-br from-hero to-hero-deep p-5 text-white shadow-sm sm:p-6"
    >
      <Trophy
        aria-hidden="true"
        className="pointer-events-none absolute -right-4 -bottom-6 size-36 text-white/10"
      />
      <h2
        id="champion-title"
        className="flex items-center gap-2 text-sm font-bold tracking-wide text-ball-300 uppercase"
      >
        <Trophy aria-hidden="true" className="size-5" />
        {t(champion ? 'tournament_page.champion.title' : 'tournament_page.champion.mvp')}
      </h2>
      <p className="mt-2 text-2xl font-extrabold sm:text-3xl">
        {champion ? pairName(champion) : mvp?.name}
      </p>
      {champion && mvp && (
        <p className="mt-3 flex w-fit max-w-full items-start gap-2 rounded-2xl bg-white/10 px-3 py-1.5 text-sm">
          <Medal aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ball-300" />
          <span>
            <span className="font-semibold">{t('tournament_page.champion.mvp')}:</span> {mvp.name}
          </span>
        </p>
      )}
    </section>
  )
}
