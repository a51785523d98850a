// The ledger auditor's checks of league pots (docs/decisions/137): every stake, share and refund
// row is matched against the pot entries it names by its key, and each pot's coins against its
// state. The facts come from league_pot_entries (what the pot says happened) and the ledger (what
// moved), written by different statements, so a path that writes one side alone shows up here.
import { sql } from 'drizzle-orm'
import type { Check } from './ledger-audit-check'

const keyOf = (type: string) =>
  sql.raw(`'${type}:' || e.league_id || ':' || e.tournament_id || ':' || e.user_id`)

export const LEAGUE_POT_CHECKS: Check[] = [
  {
    invariant: 'every pot entry is staked exactly once, by its stake, from its member’s wallet',
    query: sql`select e.league_id || '/' || e.tournament_id || '/' || e.user_id as subject,
        count(t.id) || ' rows, ' || coalesce(sum(t.amount), 0) as detail
      from league_pot_entries e
      join wallets w on w.user_id = e.user_id
      left join wallet_transactions t
        on t.idempotency_key = ${keyOf('league-stake')} and t.type = 'league_stake'
       and t.wallet_id = w.id
      group by e.league_id, e.tournament_id, e.user_id, e.stake
      having count(t.id) <> 1 or coalesce(sum(t.amount), 0) <> -e.stake`,
  },
  {
    invariant: 'every pot movement names a pot entry of its own wallet',
    query: sql`select t.id as subject, t.type || ' ' || coalesce(t.idempotency_key, '') as detail
      from wallet_transactions t
      where t.type in ('league_stake', 'league_pot_win', 'league_stake_refund')
        and not exists (
          select 1 from league_pot_entries e join wallets w on w.user_id = e.user_id
           where w.id = t.wallet_id
             and t.idempotency_key in (${keyOf('league-stake')}, ${keyOf('league-pot-win')},
                                       ${keyOf('league-stake-refund')}))`,
  },
  {
    invariant: 'each pot entry’s payout is what the ledger credited it',
    query: sql`select e.league_id || '/' || e.tournament_id || '/' || e.user_id as subject,
        coalesce(e.payout::text, 'none') || ' recorded, ' || coalesce(sum(t.amount), 0) || ' credited'
          as detail
      from league_pot_entries e
      left join wallet_transactions t
        on t.idempotency_key in (${keyOf('league-pot-win')}, ${keyOf('league-stake-refund')})
      group by e.league_id, e.tournament_id, e.user_id, e.payout
      having coalesce(e.payout, 0) <> coalesce(sum(t.amount), 0)`,
  },
  {
    invariant: 'an open pot has paid nothing; a closed one paid out exactly its stakes',
    query: sql`select p.league_id || '/' || p.tournament_id as subject,
        p.state || ': ' || p.entries || ' × ' || p.stake || ', ' || count(e.user_id) || ' entries, '
          || coalesce(sum(e.payout), 0) || ' paid out' as detail
      from league_pots p
      left join league_pot_entries e
        on e.league_id = p.league_id and e.tournament_id = p.tournament_id
      group by p.league_id, p.tournament_id, p.state, p.entries, p.stake
      having count(e.user_id) <> p.entries
          or count(e.user_id) filter (where e.stake <> p.stake) > 0
          or (p.state = 'open' and count(e.payout) > 0)
          or (p.state <> 'open' and coalesce(sum(e.payout), 0) <> p.stake * p.entries)`,
  },
]
