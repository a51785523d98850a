import { Users } from 'lucide-react'
import { useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ROUND_ORDER } from '#domain/bracket/bracket'
import type { Popularity } from '#shared/schemas/brackets'
import type { Contest } from '#shared/schemas/contest'
import type { TournamentDetail } from '#shared/schemas/tournament'
import { Alert } from '#web/components/ui/alert'
import { EmptyState } from '#web/components/ui/empty-state'
import { Spinner } from '#web/components/ui/spinner'
import { errorKey } from '#web/lib/api-client'
import { useNumberFormat } from '#web/lib/format'
import { pairShortName, type PairsById } from '#web/lib/pair-names'
import { isNotFound, usePopularity } from '../api/brackets'
import { isPopularityOpen } from './most-common-bracket'
import { ShareBars } from './share-bars'

interface PeoplesBracketProps {
  tournament: Pick<TournamentDetail, 'id' | 'isBettingOpen' | 'status' | 'matches' | 'pairs'>
  pairs: PairsById
  /** Whose picks: the main bracket's or the second chance's (from the quarterfinals). */
  contest?: Contest
  /** The main / second chance switch, composed by the route when there is a second chance. */
  contestSwitch?: ReactNode
}

/**
 * The People's Bracket on the tournament page (docs/product.md "Fans' brackets and the People's Bracket"): shown once betting has
 * closed, when what fans picked can no longer help anyone pick. Its most common bracket is a view
 * of the page's one bracket (most-common-bracket.tsx, decision 174), not a tree of its own here.
 */
export function PeoplesBracket({
  tournament,
  pairs,
  contest = 'main',
  contestSwitch,
}: PeoplesBracketProps) {
  const { t } = useTranslation()
  const isOpen = isPopularityOpen(tournament)
  const popularity = usePopularity(tournament.id, isOpen, contest)
  // The second chance's picks stay hidden while it takes entries: the switch stays to go back.
  const isHidden = isNotFound(popularity.error)
  if (!isOpen || (isHidden && contest === 'main')) return null
  return (
    <section
      aria-labelledby="peoples-title"
      data-testid="peoples-bracket"
      data-contest={contest}
      className="min-w-0"
    >
      <h2 id="peoples-title" className="mb-1 flex items-center gap-2 text-2xl font-bold">
        <Users aria-hidden="true" className="size-6 text-brand" />
        {t('brackets.peoples.title')}
      </h2>
      {contestSwitch && <div className="mb-3">{contestSwitch}</div>}
      {isHidden ? (
        <p className="text-sm text-muted">{t('second_chance_entry.peoples_later')}</p>
      ) : popularity.isPending ? (
        <Spinner label={t('brackets.peoples.loading')} className="py-8" />
      ) : popularity.error ? (
        <Alert tone="error" title={t('brackets.peoples.load_error')}>
          <p>{t(errorKey(popularity.error))}</p>
        </Alert>
      ) : popularity.data.bracketCount === 0 ? (
        <EmptyState icon={Users} className="mt-4">
          <p>{t('brackets.peoples.empty')}</p>
        </EmptyState>
      ) : (
        <PeoplesBracketBody popularity={popularity.data} tournament={tournament} pairs={pairs} />
      )}
    </section>
  )
}

function PeoplesBracketBody({
  popularity,
  tournament,
  pairs,
}: {
  popularity: Popularity
  tournament: PeoplesBracketProps['tournament']
  pairs: PairsById
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const total = popularity.bracketCount
  const pairName = (id: string) => pairShortName(pairs.get(id)) || t('bracket.tbd')
  const players = useMemo(() => {
    const byId = new Map<string, string>()
    for (const pair of tournament.pairs) {
      byId.set(pair.player1.id, pair.player1.name)
      byId.set(pair.player2.id, pair.player2.name)
    }
    return byId
  }, [tournament.pairs])
  const rounds = ROUND_ORDER.filter((round) =>
    popularity.slots.some((slot) => slot.round === round),
  )

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted">
        {t('brackets.peoples.intro', { count: total, formattedCount: number.format(total) })}
      </p>
      <div className="grid gap-6 sm:grid-cols-2">
        <div className="rounded-2xl border border-line bg-surface p-4">
          <h3 className="mb-3 font-semibold">{t('brackets.peoples.champions')}</h3>
          <ShareBars
            counts={popularity.champions}
            total={total}
            nameOf={pairName}
            limit={5}
            testId="champion-shares"
          />
        </div>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <h3 className="mb-3 font-semibold">{t('brackets.peoples.mvps')}</h3>
          <ShareBars
            counts={popularity.mvps}
            total={total}
            nameOf={(id) => players.get(id) ?? t('bracket.tbd')}
            testId="mvp-shares"
          />
        </div>
      </div>
      <div>
        <h3 className="mb-3 font-semibold">{t('brackets.peoples.slots')}</h3>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {rounds.map((round) => (
            <div key={round} className="rounded-2xl border border-line bg-surface p-4">
              <h4 className="mb-2 text-xs font-bold tracking-wide text-muted uppercase">
                {t(`bracket.rounds.${round}`)}
              </h4>
              <ol className="flex flex-col gap-3">
                {popularity.slots
                  .filter((slot) => slot.round === round)
                  .map((slot) => (
                    <li key={slot.matchId} data-testid="slot-shares">
                      <p className="mb-1 text-xs text-muted">
                        {t('bracket.match', { number: slot.matchNumber })}
                      </p>
                      <ShareBars counts={slot.winners} total={total} nameOf={pairName} limit={3} />
                    </li>
                  ))}
              </ol>
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}
