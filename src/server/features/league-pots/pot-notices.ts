// Telling a closed pot's members (docs/product.md "Leagues"): an in-app notification each (what they
// got, or who won) and a mail in their language unless they turned results mails off — written in
// the transaction that closes the pot, so they exist exactly when its payments do.
import { and, asc, eq } from 'drizzle-orm'
import type { PotOutcome } from '#domain/league-pot/pot-payouts'
import { displayNameOf, LanguageSchema } from '#shared/schemas/auth'
import type { NotificationKind } from '#shared/schemas/notification'
import type { Transaction } from '#server/db/client'
import { leaguePotEntries, user, userPreferences } from '#server/db/schema'
import { writeNotifications } from '#server/game/notification-writes'
import { insertOutboxMails } from '#server/mail/mail-outbox'
import { unsubscribeLinks, type UnsubscribeEnv } from '#server/mail/unsubscribe-links'
import { renderPotMail, type PotMailKind } from './pot-mail'

export type PotMailEnv = UnsubscribeEnv

/** A pot: one league's stake on one tournament. */
export interface PotKey {
  leagueId: string
  tournamentId: string
}

export async function tellPotMembers(
  tx: Transaction,
  env: PotMailEnv,
  {
    key,
    outcome,
    leagueName,
    tournamentName,
  }: { key: PotKey; outcome: PotOutcome; leagueName: string; tournamentName: string },
): Promise<void> {
  const members = await tx
    .select({
      userId: leaguePotEntries.userId,
      stake: leaguePotEntries.stake,
      email: user.email,
      username: user.username,
      displayUsername: user.displayUsername,
      emailVerified: user.emailVerified,
      banned: user.banned,
      locale: userPreferences.locale,
      wantsResults: userPreferences.results,
    })
    .from(leaguePotEntries)
    .innerJoin(user, eq(user.id, leaguePotEntries.userId))
    .leftJoin(userPreferences, eq(userPreferences.userId, leaguePotEntries.userId))
    .where(
      and(
        eq(leaguePotEntries.leagueId, key.leagueId),
        eq(leaguePotEntries.tournamentId, key.tournamentId),
      ),
    )
    .orderBy(asc(leaguePotEntries.joinedAt))
  if (members.length === 0) return
  const shareOf = new Map(
    (outcome.kind === 'won' ? outcome.winners : outcome.refunds).map((share) => [
      share.userId,
      share.coins,
    ]),
  )
  const firstWinner = outcome.kind === 'won' ? outcome.winners[0] : undefined
  const winnerName = firstWinner
    ? nameOf(members.find((member) => member.userId === firstWinner.userId))
    : ''
  const told = members.map((member) => {
    const share = shareOf.get(member.userId) ?? 0
    const kind: PotMailKind = outcome.kind === 'refund' ? 'refund' : share > 0 ? 'won' : 'lost'
    const coins = kind === 'lost' && outcome.kind === 'won' ? outcome.pot : share
    return { member, kind, coins }
  })
  const notificationKinds: Record<PotMailKind, NotificationKind> = {
    won: 'league_pot_won',
    lost: 'league_pot_lost',
    refund: 'league_pot_refund',
  }
  await writeNotifications(
    tx,
    told.map(({ member, kind, coins }) => ({
      userId: member.userId,
      kind: notificationKinds[kind],
      tournamentId: key.tournamentId,
      leagueId: key.leagueId,
      coins,
      actorUserId: kind === 'lost' ? (firstWinner?.userId ?? null) : null,
    })),
  )
  const leagueLink = `${env.PUBLIC_URL}/leagues/${key.leagueId}`
  const isShared = outcome.kind === 'won' && outcome.winners.length > 1
  await insertOutboxMails(
    tx,
    told
      .filter(({ member }) => member.emailVerified && member.banned !== true)
      .filter(({ member }) => member.wantsResults !== false)
      .map(({ member, kind, coins }) => {
        const links = unsubscribeLinks(env, member.userId, 'results')
        const content = renderPotMail({
          lang: LanguageSchema.catch('en').parse(member.locale ?? 'en'),
          kind,
          name: nameOf(member),
          leagueName,
          tournamentName,
          coins,
          winnerName,
          isShared,
          leagueLink,
          unsubscribeLink: links.pageUrl,
        })
        return { to: member.email, link: leagueLink, headers: links.headers, ...content }
      }),
  )
}

function nameOf(
  member: { email: string; username: string | null; displayUsername: string | null } | undefined,
): string {
  return member ? displayNameOf(member) : ''
}
