import { and, desc, eq } from 'drizzle-orm'
import type { AuditEntity, AuditList } from '#shared/schemas/admin'
import type { Database } from '#server/db/client'
import { auditLog } from '#server/db/schema'
import { iso } from './admin-common'

/** Newest first, at most 200 entries, optionally of one entity kind (and id). */
export async function listAudit(
  db: Database,
  { entity, entityId }: { entity?: AuditEntity | undefined; entityId?: string | undefined } = {},
): Promise<AuditList> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        entity ? eq(auditLog.entity, entity) : undefined,
        entityId ? eq(auditLog.entityId, entityId) : undefined,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(200)
  return {
    entries: rows.map((row) => ({
      id: row.id,
      actorId: row.actorId,
      at: iso(row.at),
      action: row.action,
      entity: row.entity as AuditEntity,
      entityId: row.entityId,
      before: row.before ?? null,
      after: row.after ?? null,
    })),
  }
}
