// The stored side of a draw import, as the planner (draw-plan.ts) reads it: the players a file
// may name and the tournament's pairs and matches so far.
import type { Round } from '#domain/bracket/bracket'

export interface CataloguePlayer {
  readonly id: string
  readonly name: string
  readonly country: string
  readonly ranking: number
  readonly externalId: string | null
}

export interface CataloguePair {
  readonly id: string
  readonly player1Id: string
  readonly player2Id: string
  readonly seed: number | null
}

export interface CatalogueMatch {
  readonly id: string
  readonly round: Round
  readonly matchNumber: number
  readonly team1Id: string | null
  readonly team2Id: string | null
}

/** The stored side of a draw: the players the file may name and the tournament's draw so far. */
export interface DrawCatalogue {
  readonly playersByExternalId: ReadonlyMap<string, CataloguePlayer>
  /** By playerNameKey: usually one, several when the catalogue holds namesakes. */
  readonly playersByNameKey: ReadonlyMap<string, readonly CataloguePlayer[]>
  readonly pairs: readonly CataloguePair[]
  /** The tournament's matches, every round. */
  readonly matches: readonly CatalogueMatch[]
}
