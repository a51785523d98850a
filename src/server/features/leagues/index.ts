// The leagues feature's public entry: the privacy rule a league's pot obeys (docs/decisions/105).
export { readLeagueAsMember, readLeagueAsOwner } from './league-access'
