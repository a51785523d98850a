// What the league pages show, apart from how: addresses and who may do what.
import type { LeagueDetail, LeagueMember } from '#shared/schemas/league'
import { INVITE_LINK_CODE_SHAPE, normalizeJoinCode } from '#shared/schemas/league-codes'

export function leaguePath(id: string): string {
  return `/leagues/${encodeURIComponent(id)}`
}

export function invitePath(code: string): string {
  return `/leagues/join/${encodeURIComponent(code)}`
}

/**
 * The code out of what a fan typed or pasted: the short code in any case and spacing (as stored,
 * "K7QM4XTR"), the link's code, or the whole invite link. Null when it can be none of them.
 */
export function inviteCodeFrom(text: string): string | null {
  const trimmed = text.trim()
  const code = /\/leagues\/join\/([^/?#\s]+)/.exec(trimmed)?.[1] ?? trimmed
  return normalizeJoinCode(code) ?? (INVITE_LINK_CODE_SHAPE.test(code) ? code : null)
}

/** The link a member shares: the invite landing on this site. */
export function inviteUrlOf(code: string, origin = window.location.origin): string {
  return `${origin}${invitePath(code)}`
}

export function isOwner(league: Pick<LeagueDetail, 'myRole'>): boolean {
  return league.myRole === 'owner'
}

/** The members who may receive the league: everyone but the owner. */
export function transferCandidates(members: readonly LeagueMember[]): LeagueMember[] {
  return members.filter((member) => member.role !== 'owner')
}

/** A ?league= value that could be a league id (a UUID); anything else means no filter. */
export function leagueFilterFromSearch(value: string | null): string | undefined {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
  return value !== null && uuid.test(value) ? value.toLowerCase() : undefined
}

/** The search parameter of one tournament's standings page on the league page. */
export function standingsPageParam(tournamentId: string): string {
  return `page-${tournamentId.slice(0, 8)}`
}
