// The results mail after settlement (decision 102). Once a settlement has completed (each
// contest's on its own: a second-chance entrant gets a second mail, docs/product.md "Second chance"), this job
// walks its bets in the order of bets_tournament_live_idx, a batch at a time, and writes each
// entrant's mail (from the notification the settlement wrote for them) to the outbox in the same
// transaction as it moves the settlement's cursor (results_mail_progress), once the
// notifications job (settlement-notifications.ts) has written all of them. A crash loses none
// (the cursor stays), none goes twice (it moves with the enqueue), and processes share the work:
// the cursor row another one holds is skipped (SKIP LOCKED). Nothing is added to the settlement
// itself.
import { sql } from 'drizzle-orm'
import { LanguageSchema } from '#shared/schemas/auth'
import type { Contest } from '#shared/schemas/contest'
import { rowsOf, type Database, type Transaction } from '#server/db/client'
import { standingsBuilds } from '#server/db/schema'
import { betCodesTextSql, buildRanking, type BuildRanking } from '#server/game/build-scoring'
import { insertOutboxMail } from '#server/mail/mail-outbox'
import { unsubscribeLinks, type UnsubscribeEnv } from '#server/mail/unsubscribe-links'
import { resultsMail } from './mail-copy'

export const RESULTS_MAIL_BATCH = 200

interface EntrantRow {
  bet_id: string
  user_id: string
  created_at: string
  kind: string | null
  coins: number | null
  tier: string | null
  correct: number | null
  total: number | null
  prizes_scaled: boolean | null
  email: string
  name: string
  locale: string | null
  time_zone: string | null
  wants_results: boolean | null
  codes: string[] | null
  final_total_games: number | null
}

/**
 * The standings' ranking of a settled contest and its entrants, when its last build scored every
 * result (no match undecided, the MVP named): the rank a results mail gives ("3rd of 41"). A build
 * still behind the results gives none rather than a wrong one.
 */
async function finalRankingOf(tx: Transaction, tournamentId: string, contest: Contest) {
  const [build] = await tx
    .select()
    .from(standingsBuilds)
    .where(sql`${standingsBuilds.tournamentId} = ${tournamentId}::uuid`)
  if (!build || build.scoring.undecided[contest] > 0 || build.scoring.mvpOpen > 0) return null
  const entries = contest === 'main' ? build.entries : build.secondChanceEntries
  return { ranking: buildRanking(build.scoring, build.levels), entries }
}

function rankOf(
  final: { ranking: BuildRanking; entries: number } | null,
  contest: Contest,
  row: EntrantRow,
) {
  if (!final || row.codes === null) return null
  const standing = final.ranking.standingOf({
    contest,
    codes: row.codes,
    finalTotalGames: row.final_total_games,
  })
  return standing ? { rank: standing.rank, of: final.entries } : null
}

/** The open tournament that closes first: where the mail sends the fan next. */
async function nextOpenTournament(tx: Transaction) {
  const [next] = rowsOf<{ id: string; name: string }>(
    await tx.execute(sql`
    select id::text, name from tournaments
     where status = 'upcoming' and betting_deadline > now()
     order by betting_deadline, id limit 1`),
  )
  return next ?? null
}

/** A completed settlement whose mails are not all written, its progress row locked; or null. */
async function claimSettlement(tx: Transaction) {
  const due = rowsOf<{ tournament_id: string; contest: Contest; name: string }>(
    await tx.execute(sql`
    select s.tournament_id, s.contest, t.name from tournament_settlements s
      join tournaments t on t.id = s.tournament_id
      left join results_mail_progress p
        on p.tournament_id = s.tournament_id and p.contest = s.contest
      -- A mail reads the fan's notification: only once the settlement's are all written.
      join settlement_notification_progress n
        on n.tournament_id = s.tournament_id and n.contest = s.contest and n.done_at is not null
     where s.state = 'completed' and p.done_at is null`),
  )
  for (const settlement of due) {
    await tx.execute(sql`
      insert into results_mail_progress (tournament_id, contest)
      values (${settlement.tournament_id}::uuid, ${settlement.contest}::contest)
      on conflict do nothing`)
    const claimed = rowsOf<{ after_created_at: string | null; after_bet_id: string | null }>(
      await tx.execute(sql`
      select after_created_at::text, after_bet_id::text from results_mail_progress
       where tournament_id = ${settlement.tournament_id}::uuid
         and contest = ${settlement.contest}::contest and done_at is null
         for update skip locked`),
    )
    const [progress] = claimed
    if (progress) return { ...settlement, ...progress }
  }
  return null
}

/** Writes one batch of one completed settlement's results mails; answers the entrants handled. */
export async function writeDueResultsMails(
  db: Database,
  { env, batch = RESULTS_MAIL_BATCH }: { env: UnsubscribeEnv; batch?: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    const settlement = await claimSettlement(tx)
    if (!settlement) return 0
    const tournamentId = settlement.tournament_id
    const entrants = rowsOf<EntrantRow>(
      await tx.execute(sql`
      select b.id::text as bet_id, b.user_id, b.created_at::text, n.kind, n.coins, n.tier, n.correct,
             n.total, n.prizes_scaled, u.email,
             coalesce(u.display_username, u.username, u.name) as name,
             p.locale, p.time_zone, p.results as wants_results,
             ${betCodesTextSql} as codes, b.final_total_games
        from bets b
        join "user" u on u.id = b.user_id
        left join user_preferences p on p.user_id = b.user_id
        -- The notification of this very bet: a fan in both contests has one for each.
        left join lateral (
          select * from notifications n
           where n.bet_id = b.id and n.kind in ('payout_received', 'tournament_settled')
           limit 1) n on true
       where b.tournament_id = ${tournamentId}::uuid and b.contest = ${settlement.contest}::contest
         and (b.created_at, b.id) > (
               coalesce(${settlement.after_created_at}::timestamptz, '-infinity'::timestamptz),
               coalesce(${settlement.after_bet_id}::uuid,
                        '00000000-0000-0000-0000-000000000000'::uuid))
       order by b.created_at, b.id
       limit ${batch}`),
    )
    const final = await finalRankingOf(tx, tournamentId, settlement.contest)
    const next = await nextOpenTournament(tx)
    for (const row of entrants) {
      // No notification: a bet not settled by this settlement. Results off: nothing to send.
      if (row.kind === null || row.wants_results === false) continue
      await insertOutboxMail(
        tx,
        resultsMail({
          to: row.email,
          name: row.name,
          lang: LanguageSchema.catch('en').parse(row.locale ?? 'en'),
          timeZone: row.time_zone,
          tournamentName: settlement.name,
          contest: settlement.contest,
          link: `${env.PUBLIC_URL}/tournament/${tournamentId}`,
          rank: rankOf(final, settlement.contest, row),
          standingsLink: `${env.PUBLIC_URL}/tournaments/${tournamentId}/standings${
            settlement.contest === 'main' ? '' : '?contest=second_chance'
          }`,
          next: next && {
            name: next.name,
            link: `${env.PUBLIC_URL}/tournament/${next.id}?predict=1`,
          },
          correct: row.correct ?? 0,
          total: row.total ?? 0,
          tier: row.kind === 'payout_received' ? row.tier : null,
          coins: row.coins ?? 0,
          isScaled: row.prizes_scaled === true,
          unsubscribe: unsubscribeLinks(env, row.user_id, 'results'),
        }),
      )
    }
    const last = entrants.at(-1)
    await tx.execute(sql`
      update results_mail_progress
         set after_created_at = coalesce(${last?.created_at ?? null}::timestamptz, after_created_at),
             after_bet_id = coalesce(${last?.bet_id ?? null}::uuid, after_bet_id),
             done_at = ${entrants.length < batch ? sql`now()` : sql`null`},
             updated_at = now()
       where tournament_id = ${tournamentId}::uuid and contest = ${settlement.contest}::contest`)
    return entrants.length
  })
}
