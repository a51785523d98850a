// The leagues feature's public entry: the privacy rule a league's pot obeys and the one the
// standings hold inline in their single query (docs/decisions/105, 155).
export { isInLeagueSql, readLeagueAsMember, readLeagueAsOwner } from './league-access'
