// A pair is two players: the two aliases of players a query joins, and the name fans read.
import { alias } from 'drizzle-orm/pg-core'
import { players } from '#server/db/schema'

export function pairName(player1: string | null, player2: string | null): string {
  return `${player1 ?? '?'} / ${player2 ?? '?'}`
}

export const player1 = alias(players, 'player1')
export const player2 = alias(players, 'player2')
