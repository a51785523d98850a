// The audit log: every admin write, and every write the system makes on an admin's behalf
// (settlement, second chance, seasons, draws), records who did what to which row.
import type { AuditEntity } from '#shared/schemas/admin'
import type { Executor } from '#server/db/client'
import { auditLog } from '#server/db/schema'

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
