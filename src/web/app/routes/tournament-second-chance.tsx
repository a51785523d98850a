import { useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { TournamentDetail } from '#shared/schemas/tournament'
import { Alert } from '#web/components/ui/alert'
import { BracketWizard } from '#web/features/bracket/components/bracket-wizard'
import { draftIdOf } from '#web/features/bracket/use-wizard-model'
import { hasWizardDraft } from '#web/features/bracket/wizard-draft'
import {
  useMySecondChanceBet,
  useSecondChance,
} from '#web/features/second-chance/api/second-chance'
import { SecondChanceCard } from '#web/features/second-chance/components/second-chance-card'
import { CountdownBadge } from '#web/features/tournaments/components/countdown-badge'
import { MyPredictions } from '#web/features/tournaments/components/my-predictions'
import { clockOffset } from '#web/features/tournaments/tournament-view'
import { InsufficientFundsDialog } from '#web/features/wallet/components/insufficient-funds-dialog'
import { pairsById } from '#web/lib/pair-names'
import { useSession } from '#web/lib/session'

// The second chance on the tournament page (docs/product.md, second chance for fans), composed
// from four features that do not import each other (decision 083): its card (second-chance),
// the wizard from the quarterfinals (bracket), the coins to pay for it (wallet) and the fan's
// entered bracket drawn as the main one (tournaments).

export function TournamentSecondChance({ tournament }: { tournament: TournamentDetail }) {
  const { t } = useTranslation()
  const session = useSession()
  const fan = session.status === 'signed-in' ? session.me : null
  const query = useSecondChance(tournament.id)
  const secondChance = query.data
  const hasBet = secondChance?.hasBet === true
  const myBet = useMySecondChanceBet(tournament.id, fan !== null && hasBet)
  const [isFundsOpen, setFundsOpen] = useState(false)
  const [isWizardOpen, setWizardOpen] = useState(
    () =>
      session.status === 'signed-in' &&
      hasWizardDraft(session.me.user.id, draftIdOf(tournament.id, 'second_chance')),
  )
  const wizardRef = useRef<HTMLDivElement>(null)
  // The second chance's deadline reminder links here with ?secondChance=1 (decision 101): the
  // wizard shows once the second chance is known to take entries and the fan can pay for it.
  const [searchParams] = useSearchParams()
  const isAskedToEnter = searchParams.get('secondChance') === '1'
  const canPayNow =
    fan !== null &&
    secondChance?.isBettingOpen === true &&
    !hasBet &&
    secondChance.entryFee !== null &&
    fan.balance >= secondChance.entryFee
  const isWizardShown = isWizardOpen || (isAskedToEnter && canPayNow)
  const pairs = useMemo(() => pairsById(tournament.pairs), [tournament.pairs])
  const offset = useMemo(
    () => (query.data ? clockOffset(query.data.serverTime, query.dataUpdatedAt) : 0),
    [query.data, query.dataUpdatedAt],
  )

  if (query.isError) return <Alert tone="error">{t('second_chance_entry.error')}</Alert>
  if (!secondChance || secondChance.state === 'not_open') return null

  if (hasBet) {
    if (!myBet.data?.bet) return null
    return (
      <MyPredictions
        myBet={myBet.data}
        pairs={pairs}
        tournamentName={tournament.name}
        title={t('second_chance_entry.my_bracket_title')}
        testId="my-second-chance"
      />
    )
  }
  if (!secondChance.isBettingOpen || secondChance.entryFee === null) return null
  const entryFee = secondChance.entryFee

  const enter = () => {
    if (fan === null) return
    if (fan.balance < entryFee) {
      setFundsOpen(true)
      return
    }
    setWizardOpen(true)
    window.requestAnimationFrame(() => {
      wizardRef.current?.scrollIntoView({ block: 'start' })
      wizardRef.current?.querySelector<HTMLElement>('h2')?.focus()
    })
  }

  return (
    <>
      <SecondChanceCard
        secondChance={secondChance}
        countdown={
          secondChance.bettingDeadline && (
            <CountdownBadge deadline={secondChance.bettingDeadline} offset={offset} />
          )
        }
        onEnter={fan !== null && !isWizardShown ? enter : null}
        signInHint={fan === null}
      />
      {fan !== null && isWizardShown && (
        <div ref={wizardRef} className="min-w-0">
          <BracketWizard
            tournament={tournament}
            userId={fan.user.id}
            balance={fan.balance}
            contest="second_chance"
            entryFee={entryFee}
          />
        </div>
      )}
      {fan !== null && (
        <InsufficientFundsDialog
          open={isFundsOpen}
          onClose={() => setFundsOpen(false)}
          onReady={() => {
            setFundsOpen(false)
            enter()
          }}
          entryFee={entryFee}
          balance={fan.balance}
        />
      )}
    </>
  )
}
