// Wire contracts of leagues (docs/product.md, leagues): groups of fans who compare brackets.
// Leagues are social: they hold no coins. A private league is invisible to non-members (404).
import { z } from 'zod'

export const LEAGUE_NAME_MIN = 3
export const LEAGUE_NAME_MAX = 40
export const LEAGUE_DESCRIPTION_MAX = 200
export const MAX_LEAGUES_OWNED = 10
export const MAX_LEAGUES_JOINED = 50
export const MAX_LEAGUE_MEMBERS = 10_000

export const LEAGUE_VISIBILITIES = ['private', 'public'] as const
export const LeagueVisibilitySchema = z.enum(LEAGUE_VISIBILITIES)
export type LeagueVisibility = z.infer<typeof LeagueVisibilitySchema>

// The account name rules (server/auth/account-input-rules.ts): control, format (zero-width,
// bidirectional overrides and isolates), private-use and unassigned characters, and lone
// surrogates (Cs), which no well-formed text holds. Spaces inside a name are fine.
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]/u

/** What is wrong with a league name as typed (after NFC and trimming), or null when nothing is. */
export function leagueNameProblem(name: string): 'length' | 'characters' | null {
  const text = name.normalize('NFC').trim()
  if (INVISIBLE_OR_CONTROL.test(text)) return 'characters'
  if (text.length < LEAGUE_NAME_MIN || text.length > LEAGUE_NAME_MAX) return 'length'
  return null
}

/**
 * The product's own name is nobody's league: compared by letters and digits alone, case and
 * accents aside, so "golden-point" and "Gōlden Point" are refused too.
 */
export function isReservedLeagueName(name: string): boolean {
  const letters = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
  return letters === 'goldenpoint'
}

const LeagueName = z
  .string()
  .normalize('NFC')
  .trim()
  .min(LEAGUE_NAME_MIN)
  .max(LEAGUE_NAME_MAX)
  .refine((name) => !INVISIBLE_OR_CONTROL.test(name), {
    message: 'The name holds invisible or control characters',
  })
const LeagueDescription = z.string().trim().max(LEAGUE_DESCRIPTION_MAX)

/** POST /api/leagues. Strict: unknown fields are a 400. */
export const CreateLeagueInputSchema = z.strictObject({
  name: LeagueName,
  description: LeagueDescription.optional(),
  visibility: LeagueVisibilitySchema.default('private'),
})
export type CreateLeagueInput = z.infer<typeof CreateLeagueInputSchema>

/** PATCH /api/leagues/:id (owner): rename, edit, open or close joining, transfer ownership. */
export const UpdateLeagueInputSchema = z.strictObject({
  name: LeagueName.optional(),
  description: LeagueDescription.optional(),
  visibility: LeagueVisibilitySchema.optional(),
  /** False closes the invite link: the code stops working until joining is opened again. */
  joiningOpen: z.boolean().optional(),
  /** A member's user id: they become the owner, the caller an ordinary member. */
  ownerId: z.string().min(1).max(64).optional(),
})
export type UpdateLeagueInput = z.infer<typeof UpdateLeagueInputSchema>

/**
 * POST /api/leagues/join: by invite code (the link's, or the short one in any case and spacing),
 * or a public league by id.
 */
export const JoinLeagueInputSchema = z.union([
  z.strictObject({ code: z.string().min(1).max(64) }),
  z.strictObject({ leagueId: z.uuid() }),
])
export type JoinLeagueInput = z.infer<typeof JoinLeagueInputSchema>

/** POST /api/leagues/:id/nudge (owner): mail the members without a bracket for an open tournament. */
export const NudgeInputSchema = z.strictObject({ tournamentId: z.uuid() })
export type NudgeInput = z.infer<typeof NudgeInputSchema>

export const NudgeResultSchema = z.object({
  /** Members nudged now; the others already had a bracket, a nudge today, or mail turned off. */
  nudged: z.number().int(),
})
export type NudgeResult = z.infer<typeof NudgeResultSchema>

/** GET /api/leagues/public?q=&page=: public leagues whose name contains q. Not strict. */
export const PublicLeaguesQuerySchema = z.object({
  q: z.string().trim().max(LEAGUE_NAME_MAX).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export type PublicLeaguesQuery = z.infer<typeof PublicLeaguesQuerySchema>

export const LeagueSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  visibility: LeagueVisibilitySchema,
  memberCount: z.number().int(),
  ownerUsername: z.string(),
  /** The caller's place in it: null when signed out or not a member. */
  myRole: z.enum(['owner', 'member']).nullable(),
})
export type LeagueSummary = z.infer<typeof LeagueSummarySchema>

/** GET /api/leagues: the caller's leagues. GET /api/leagues/public: the public ones found. */
export const LeagueListSchema = z.object({
  leagues: z.array(LeagueSummarySchema),
  /** Public search only: whether another page follows. */
  hasMore: z.boolean(),
})
export type LeagueList = z.infer<typeof LeagueListSchema>

export const LeagueMemberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  role: z.enum(['owner', 'member']),
  joinedAt: z.string(),
})
export type LeagueMember = z.infer<typeof LeagueMemberSchema>

export const LEAGUE_MEMBERS_PAGE_SIZE = 50

/**
 * GET /api/leagues/:id/members?page=&q=&tournamentId=&entry=: the members a page at a time, in
 * joining order; q narrows by username, tournamentId + entry to those who entered it or not.
 * Not strict.
 */
export const LeagueMembersQuerySchema = z
  .object({
    q: z.string().trim().max(LEAGUE_NAME_MAX).default(''),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    tournamentId: z.uuid().optional(),
    entry: z.enum(['entered', 'missing']).optional(),
  })
  .refine((query) => (query.tournamentId === undefined) === (query.entry === undefined), {
    message: 'tournamentId and entry go together',
    path: ['entry'],
  })
export type LeagueMembersQuery = z.infer<typeof LeagueMembersQuerySchema>

export const LeagueMemberPageSchema = z.object({
  members: z.array(LeagueMemberSchema),
  page: z.number().int(),
  /** Whether another page follows. */
  hasMore: z.boolean(),
})
export type LeagueMemberPage = z.infer<typeof LeagueMemberPageSchema>

/** A tournament on the league page: who of the members has entered (never their picks before the deadline). */
export const LeagueTournamentSchema = z.object({
  tournamentId: z.string(),
  name: z.string(),
  isBettingOpen: z.boolean(),
  bettingDeadline: z.string(),
  /** Members with a main bracket in it (who: GET /api/leagues/:id/members?entry=entered). */
  enteredCount: z.number().int(),
  /** Members other than the owner without one: those a nudge would reach at most. */
  othersMissingCount: z.number().int(),
})
export type LeagueTournament = z.infer<typeof LeagueTournamentSchema>

/** A row of the season table: over the tournaments settled while the fan was a member or not. */
export const SeasonRowSchema = z.object({
  rank: z.number().int(),
  userId: z.string(),
  username: z.string(),
  coinsWon: z.number().int(),
  /** Mean accuracy over the fan's settled brackets, percent with two decimals. */
  averageAccuracy: z.number(),
  brackets: z.number().int(),
})
export type SeasonRow = z.infer<typeof SeasonRowSchema>

/**
 * GET /api/leagues/:id: members see everything; a public league's outsiders see the head only.
 * The members themselves come a page at a time from GET /api/leagues/:id/members.
 */
export const LeagueDetailSchema = LeagueSummarySchema.extend({
  createdAt: z.string(),
  joiningOpen: z.boolean(),
  /** The invite link's code, for members while joining is open; null otherwise. */
  inviteCode: z.string().nullable(),
  /** The short code to say aloud (8 capitals, shown as "K7QM-4XTR"), on the same terms. */
  joinCode: z.string().nullable(),
  /** Empty for a non-member of a public league. */
  tournaments: z.array(LeagueTournamentSchema),
  season: z.array(SeasonRowSchema),
})
export type LeagueDetail = z.infer<typeof LeagueDetailSchema>

/** GET /api/leagues/invites/:code: what a visitor, even signed out, may see before joining. */
export const LeagueInvitePreviewSchema = z.object({
  leagueId: z.string(),
  name: z.string(),
  /** The owner's words about the league ('' when none). */
  description: z.string(),
  /** Who invites: the league's owner. */
  ownerUsername: z.string(),
  memberCount: z.number().int(),
  /** Whether the signed-in caller is already in it (false when signed out). */
  isMember: z.boolean(),
})
export type LeagueInvitePreview = z.infer<typeof LeagueInvitePreviewSchema>

/** POST /api/leagues/:id/invite (owner): new codes; the old link and short code stop at once. */
export const LeagueInviteSchema = z.object({ inviteCode: z.string(), joinCode: z.string() })
export type LeagueInvite = z.infer<typeof LeagueInviteSchema>
