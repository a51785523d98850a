// The bets feature's public entry: what the second chance reuses of the main contest's bet path.
export { placeInBatch } from './bet-batcher'
export { getMyBet } from './bets.service'
