// CPU time of the PostgreSQL backends serving one database (user + system, from /proc), so a
// benchmark can split the CPU per bet between the database, the server and the load generator.
// Only the backends of that database count: the write-ahead log writer and checkpointer are
// shared with everything else on the server, and other databases' work is not ours.
import { readFileSync } from 'node:fs'
import { runAdminStatement } from '#tests/postgres-admin'

const CLOCK_TICKS_PER_SECOND = 100

function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND
  } catch {
    return 0
  }
}

async function backendCpu(adminUrl: string, database: string): Promise<Map<number, number>> {
  const { rows } = await runAdminStatement(
    adminUrl,
    `select pid from pg_stat_activity where datname = '${database.replace(/'/g, "''")}'`,
  )
  return new Map(rows.map((row: { pid: number }) => [row.pid, cpuSecondsOf(row.pid)]))
}

/**
 * Starts measuring; `stop()` answers the CPU seconds the database's backends used since. A
 * backend that connected meanwhile counts whole; one that closed meanwhile is missed, so pools
 * should stay open across the measurement.
 */
export async function measureDatabaseCpu(
  adminUrl: string,
  database: string,
): Promise<{ stop(): Promise<number> }> {
  const before = await backendCpu(adminUrl, database)
  return {
    async stop() {
      const after = await backendCpu(adminUrl, database)
      let used = 0
      for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0)
      return used
    },
  }
}
