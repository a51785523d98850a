// A league's invite codes (docs/decisions/105, 173): the link's long code and the short code a fan
// can say aloud. Both are written together (at creation and on renewal) and looked up here.
import { randomBytes, randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import {
  INVITE_LINK_CODE_SHAPE,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  normalizeJoinCode,
} from '#shared/schemas/league-codes'
import type { Executor, Transaction } from '#server/db/client'
import { getPgError, PG_ERROR } from '#server/db/pg-errors'
import { leagues } from '#server/db/schema'

export interface InviteCodes {
  inviteCode: string
  joinCode: string
}

/** 96 random bits, URL-safe (16 characters): far beyond guessing at any rate the limiter allows. */
export function newInviteCode(): string {
  return randomBytes(12).toString('base64url')
}

/** 8 characters of 30, each drawn evenly by the crypto generator: 30^8 ≈ 6.6 × 10^11 codes. */
export function newJoinCode(): string {
  let code = ''
  for (let i = 0; i < JOIN_CODE_LENGTH; i++)
    code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)]
  return code
}

export function newInviteCodes(): InviteCodes {
  return { inviteCode: newInviteCode(), joinCode: newJoinCode() }
}

// Two leagues drawing one short code is rare (one in 6.6 million at 100,000 leagues) but not
// impossible; five draws in a row taken means something else is wrong.
const CODE_DRAWS = 5
const CODE_CONSTRAINTS = new Set(['leagues_join_code_unique', 'leagues_invite_code_unique'])

/**
 * Runs `write` with fresh codes in a savepoint of `tx`, and again with new ones while the codes
 * it drew are taken: a unique violation aborts only the savepoint, not the caller's transaction.
 */
export async function writeWithFreshCodes<T>(
  tx: Transaction,
  write: (savepoint: Transaction, codes: InviteCodes) => Promise<T>,
  draw: () => InviteCodes = newInviteCodes,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const codes = draw()
    try {
      return await tx.transaction((savepoint) => write(savepoint, codes))
    } catch (error) {
      const pg = getPgError(error)
      const isTaken =
        pg?.code === PG_ERROR.UNIQUE_VIOLATION && CODE_CONSTRAINTS.has(pg.constraint ?? '')
      if (!isTaken || attempt >= CODE_DRAWS) throw error
    }
  }
}

/**
 * The league a code names, as typed: the short code in any case and spacing, or the link's code
 * exactly. Anything that can be neither is not looked up. Closed or not, the caller decides. (A
 * link's code reads as a short one only with 8 dashes among its 16 characters: about one in 10^11.)
 */
export async function findLeagueByCode(db: Executor, code: string, { lock = false } = {}) {
  const joinCode = normalizeJoinCode(code)
  const column = joinCode !== null ? leagues.joinCode : leagues.inviteCode
  if (joinCode === null && !INVITE_LINK_CODE_SHAPE.test(code)) return undefined
  const query = db
    .select()
    .from(leagues)
    .where(eq(column, joinCode ?? code))
  const [league] = lock ? await query.for('update') : await query
  return league
}
