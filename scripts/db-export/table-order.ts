// The app's tables (schema public) in foreign-key order: every table after the tables it points
// to, so a copy in this order never inserts a row before the row it references.

/** Runs one query and returns its rows; PGlite and pg both fit this shape. */
export type RunQuery = <Row>(text: string, params?: unknown[]) => Promise<Row[]>

export async function listTablesInForeignKeyOrder(query: RunQuery): Promise<string[]> {
  const tables = await query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  )
  const references = await query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent from pg_constraint k
     join pg_class child on child.oid = k.conrelid
     join pg_class parent on parent.oid = k.confrelid
     join pg_namespace n on n.oid = k.connamespace
     where k.contype = 'f' and n.nspname = 'public'`,
  )
  return sortByDependencies(
    tables.map((table) => table.name),
    references.filter((reference) => reference.child !== reference.parent),
  )
}

/** Topological order; a cycle of foreign keys has no such order and is refused. */
export function sortByDependencies(
  tables: string[],
  references: { child: string; parent: string }[],
): string[] {
  const ordered: string[] = []
  const remaining = new Set(tables)
  while (remaining.size > 0) {
    const ready = [...remaining].filter((table) =>
      references.every((ref) => ref.child !== table || !remaining.has(ref.parent)),
    )
    if (ready.length === 0) {
      throw new Error(`Foreign keys form a cycle among: ${[...remaining].join(', ')}`)
    }
    for (const table of ready) {
      ordered.push(table)
      remaining.delete(table)
    }
  }
  return ordered
}

/** A table or column name as an SQL identifier ("user" is a reserved word). */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}
