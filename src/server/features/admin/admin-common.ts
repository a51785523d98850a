// Helpers shared by the admin features: the audit row written with every admin write, id checks,
// and the display name of a pair.
import { alias } from 'drizzle-orm/pg-core'
import type { AuditEntity } from '#shared/schemas/admin'
import { type Executor } from '#server/db/client'
import { auditLog, players } from '#server/db/schema'
import { AppError } from '#server/errors'
import { isUuid } from '#server/features/tournaments/tournament-figures'

/**
 * The most rows an admin list answers (reliability item 6): years of a real catalogue, while a
 * runaway table cannot make one answer huge. Lists that can outgrow it have a search or a filter.
 */
export const ADMIN_LIST_MAX_ROWS = 1000

export interface AuditInput {
  actorId: string
  action: string
  entity: AuditEntity
  entityId: string
  before?: unknown
  after?: unknown
}

/** One audit_log row; call it with the transaction of the write it records. */
export async function writeAudit(tx: Executor, input: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: input.actorId,
    action: input.action,
    entity: input.entity,
    entityId: input.entityId,
    before: toJson(input.before),
    after: toJson(input.after),
  })
}

function toJson(value: unknown): unknown {
  // Dates become ISO strings, as the API shows them.
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown)
}

/** A malformed or unknown id in the URL is 404 NOT_FOUND, never a cast error. */
export function assertUuid(id: string, what = 'Not found.'): void {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', what)
}

/** An id in a request body that does not name a row: 400 with the field, like the form's rules. */
export function invalidReference(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, {
    issues: [{ path, code: 'invalid_reference', message }],
  })
}

export function iso(value: Date): string {
  return value.toISOString()
}

export function pairName(player1: string | null, player2: string | null): string {
  return `${player1 ?? '?'} / ${player2 ?? '?'}`
}

export const player1 = alias(players, 'player1')
export const player2 = alias(players, 'player2')
