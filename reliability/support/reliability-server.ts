// The built server as the fault, soak and session suites run it (tests/server-process.ts): the
// development mode a local installation runs in, no demo data, a fixed session secret, an
// administrator made at start-up, and auth limits no suite reaches. `npm run test:reliability`
// builds the bundle first when it is stale.
import {
  spawnServerProcess,
  startServerProcess,
  UNLIMITED_AUTH_RATE_LIMITS,
  type ServerDatabase,
  type ServerProcess,
} from '#tests/server-process'

/** The first administrator every test server creates at start-up (ADMIN_EMAIL). */
export const RELIABILITY_ADMIN = {
  email: 'reliability-admin@example.test',
  password: 'reliability-Admin-Password-2026',
}

export interface ReliabilityServerOptions extends ServerDatabase {
  /** Extra environment, e.g. DATABASE_POOL_MAX. */
  env?: Record<string, string>
  /** Reuse a port (a restart keeps the address the clients know). */
  port?: number
}

/** Starts the server and resolves once /api/ready answers 200 (rejects with its output if not). */
export function startReliabilityServer(options: ReliabilityServerOptions): Promise<ServerProcess> {
  return startServerProcess(processOptions(options))
}

/** Spawns the server without waiting for it (a second server that is expected to be refused). */
export function spawnReliabilityServer(options: ReliabilityServerOptions): Promise<ServerProcess> {
  return spawnServerProcess(processOptions(options))
}

function processOptions({ env, ...options }: ReliabilityServerOptions) {
  return {
    ...options,
    env: {
      NODE_ENV: 'development',
      // Fixed, so sessions survive a restart even on PostgreSQL (no DATA_DIR to keep a generated
      // one).
      BETTER_AUTH_SECRET: 'reliability-secret-never-used-outside-these-tests-0123456789',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...UNLIMITED_AUTH_RATE_LIMITS,
      ADMIN_EMAIL: RELIABILITY_ADMIN.email,
      ADMIN_PASSWORD: RELIABILITY_ADMIN.password,
      ...env,
    },
  }
}
