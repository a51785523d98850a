// The admin's players, pairs and matches: what a bracket is made of.
import { z } from 'zod'
import { setScoresProblems, type SetScoresProblem } from '#domain/padel/set-scores'
import { ScheduleFieldsSchema } from '../schedule'
import { MatchRoundSchema, SetScoresSchema } from '../tournament'
import { id, optionalId } from './form-fields'

export const PLAYER_SHORT_NAME_MAX = 30

export const PlayerInputSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required'),
  /** The bracket cards' name; omitted, null or blank: derived from the name. */
  shortName: z
    .string()
    .trim()
    .max(PLAYER_SHORT_NAME_MAX, `Short name must be at most ${PLAYER_SHORT_NAME_MAX} characters`)
    .nullish()
    .transform((value) => (value ? value : null)),
  country: z.string({ error: 'Country is required' }).trim().min(1, 'Country is required'),
  /** Omitted (or null) when blank; stored as 0. */
  ranking: z
    .number({ error: 'Ranking must be a whole number of at least 0' })
    .int('Ranking must be a whole number of at least 0')
    .min(0, 'Ranking must be a whole number of at least 0')
    .nullish(),
})
export type PlayerInput = z.infer<typeof PlayerInputSchema>

export const AdminPlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The one the bracket shows: the admin's, or the default derived from the name. */
  shortName: z.string(),
  country: z.string(),
  ranking: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminPlayer = z.infer<typeof AdminPlayerSchema>

/** GET /api/admin/players?search= : ordered by name. */
export const AdminPlayerListSchema = z.object({ players: z.array(AdminPlayerSchema) })
export type AdminPlayerList = z.infer<typeof AdminPlayerListSchema>

export const PlayerListQuerySchema = z.object({ search: z.string().trim().max(200).optional() })

// ——— teams (pairs) ———

export const TeamInputSchema = z
  .object({
    tournamentId: id('Tournament is required'),
    player1Id: id('Player 1 is required'),
    player2Id: id('Player 2 is required'),
  })
  .refine((input) => input.player1Id !== input.player2Id, {
    path: ['player2Id'],
    message: 'Players must be different',
  })
export type TeamInput = z.infer<typeof TeamInputSchema>

const NamedPlayerSchema = z.object({ id: z.string(), name: z.string() })

export const AdminTeamSchema = z.object({
  id: z.string(),
  tournamentId: z.string(),
  tournamentName: z.string(),
  player1Id: z.string(),
  player2Id: z.string(),
  player1: NamedPlayerSchema,
  player2: NamedPlayerSchema,
  ranking: z.number().int(),
  seed: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminTeam = z.infer<typeof AdminTeamSchema>

/** GET /api/admin/teams?tournamentId= */
export const AdminTeamListSchema = z.object({ teams: z.array(AdminTeamSchema) })
export type AdminTeamList = z.infer<typeof AdminTeamListSchema>

export const TournamentFilterQuerySchema = z.object({ tournamentId: z.string().trim().optional() })

// ——— matches ———

export const MatchInputSchema = z
  .object({
    tournamentId: id('Tournament is required'),
    round: MatchRoundSchema,
    matchNumber: z
      .number({ error: 'Match number is required' })
      .int('Match number must be at least 1')
      .min(1, 'Match number must be at least 1'),
    team1Id: optionalId,
    team2Id: optionalId,
    winnerTeamId: optionalId,
    /**
     * Pair 1's games first, e.g. [[6,4],[3,6],[10,8]]. Omitted: the stored scores stay while the
     * pairs and the winner do; null clears them (docs/product.md "Set scores").
     */
    sets: SetScoresSchema.nullish(),
  })
  .extend(ScheduleFieldsSchema.shape)
  .superRefine((input, ctx) => {
    if (input.team1Id !== null && input.team1Id === input.team2Id) {
      ctx.addIssue({ code: 'custom', path: ['team2Id'], message: 'Team 2 must differ from Team 1' })
    }
    if (
      input.winnerTeamId !== null &&
      input.winnerTeamId !== input.team1Id &&
      input.winnerTeamId !== input.team2Id
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['winnerTeamId'],
        message: 'Winner must be one of the two teams',
      })
    }
    if (input.sets) {
      const message = setScoresMessage({ ...input, sets: input.sets })
      if (message) ctx.addIssue({ code: 'custom', path: ['sets'], message })
    }
  })
export type MatchInput = z.input<typeof MatchInputSchema>

/**
 * What is wrong with a match's set scores, as the English message the forms translate (one
 * message per problem, so each has its key); null when they agree with the result.
 */
function setScoresMessage(input: {
  team1Id: string | null
  winnerTeamId: string | null
  sets: readonly (readonly [number, number])[]
}): string | null {
  if (input.winnerTeamId === null) return 'Set scores need a winner'
  const winner = input.winnerTeamId === input.team1Id ? 'pair1' : 'pair2'
  const [problem] = setScoresProblems(input.sets, winner)
  return problem ? setScoresProblemMessage(problem) : null
}

function setScoresProblemMessage(problem: SetScoresProblem): string {
  switch (problem.code) {
    case 'SET_COUNT':
      return 'A match has two or three sets'
    case 'SET_SCORE':
      return problem.set === 3
        ? 'Set 3 is neither a set nor a match tiebreak to 10'
        : `Set ${problem.set} is not a padel set score`
    case 'SET_AFTER_MATCH_WON':
      return 'Set 3 cannot follow a match won in two sets'
    case 'MATCH_NOT_FINISHED':
      return 'The sets do not finish the match'
    case 'WINNER_DISAGREES':
      return 'The set scores name the other pair as the winner'
  }
}

/**
 * A team as shown in a match row: the pair's two player names ("Federico Chingotto / Alejandro
 * Galán") and their short names, the bracket cards' ("Chingotto / Galán").
 */
const MatchTeamSchema = z
  .object({ id: z.string(), name: z.string(), shortName: z.string() })
  .nullable()

export const AdminMatchSchema = z.object({
  id: z.string(),
  tournamentId: z.string(),
  tournamentName: z.string(),
  round: MatchRoundSchema,
  matchNumber: z.number().int(),
  team1Id: z.string().nullable(),
  team2Id: z.string().nullable(),
  winnerTeamId: z.string().nullable(),
  team1: MatchTeamSchema,
  team2: MatchTeamSchema,
  winner: MatchTeamSchema,
  /** Pair 1's games first; null until entered. */
  sets: SetScoresSchema.nullable(),
  startsAt: z.string().nullable(),
  court: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminMatch = z.infer<typeof AdminMatchSchema>

/** GET /api/admin/matches?tournamentId= : newest first. */
export const AdminMatchListSchema = z.object({ matches: z.array(AdminMatchSchema) })
export type AdminMatchList = z.infer<typeof AdminMatchListSchema>

/** POST /api/admin/tournaments/:id/bracket: the 15 matches made from the 16 pairs. */
export const GenerateBracketResultSchema = z.object({ matches: z.array(AdminMatchSchema) })
export type GenerateBracketResult = z.infer<typeof GenerateBracketResultSchema>
