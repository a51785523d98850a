// What the model test's commands share: the real system of one run, how a service's or a
// route's answer is read, the check after every command, and how a command finds the user or
// tournament its index names.
import type fc from 'fast-check'
import { expect } from 'vitest'
import type { Database, DatabaseHandle } from '#server/db/client'
import { AppError } from '#server/errors'
import { signInAdmin } from '#server/features/admin/admin-test-support'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { createTestApp } from '#tests/test-app'
import type { TestBrowser } from '#tests/test-browser'
import type { Model, ModelTournament } from './model-state'
import { expectedState, readState } from './observed-state'

/** The real system of one run: its own database and this run's own names. */
export interface RealSystem {
  handle: DatabaseHandle
  db: Database
  adminId: string
  /** Makes this run's idempotency keys its own. */
  runKey: string
  /** Commands run (each one compared and audited), for the test's report. */
  steps: number
  /** The app in process with an admin signed in, made by the first command that needs it. */
  adminRoutes: TestBrowser | null
}

export type ModelCommand = fc.AsyncCommand<Model, RealSystem, false>

/** A service's answer: its value, or the code of the AppError it threw (anything else fails). */
export async function answerOf<T>(
  work: () => Promise<T>,
): Promise<{ value: T } | { error: string }> {
  try {
    return { value: await work() }
  } catch (error) {
    if (error instanceof AppError) return { error: error.code }
    throw error
  }
}

/** A route's answer: its status and, for an error, its code and reason. */
export interface RouteAnswer {
  status: number
  error?: { code: string; reason?: string }
}

/**
 * Sends a request as the run's admin through the real app (routes, validation, error mapping).
 * The admin signs in once per run, on the first request: the sign-in hashes a password.
 */
export async function asAdmin(
  real: RealSystem,
  method: 'POST' | 'PUT',
  path: string,
  json: unknown,
): Promise<RouteAnswer> {
  if (!real.adminRoutes) {
    const { app } = createTestApp(real.handle)
    real.adminRoutes = (await signInAdmin({ app }, real.db)).browser
  }
  const res = await real.adminRoutes.request(path, { method, json })
  if (res.ok) return { status: res.status }
  const body = (await res.json()) as { error: { code: string; reason?: string } }
  const { code, reason } = body.error
  return { status: res.status, error: reason === undefined ? { code } : { code, reason } }
}

export async function expectSameState(real: RealSystem, model: Model): Promise<void> {
  real.steps += 1
  expect(await readState(real.db, model), 'database state vs model').toEqual(expectedState(model))
  await expectLedgerAudit(real.db)
}

export function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length]!
}

/**
 * The index-th of the tournaments that `fits` (of all of them when none does): aimed commands,
 * so that short runs still reach betting, settling and paying rather than mostly being refused.
 */
export function pickTournament(
  model: Readonly<Model>,
  index: number,
  fits: ((tournament: ModelTournament) => boolean) | null,
): ModelTournament {
  const fitting = fits ? model.tournaments.filter(fits) : []
  return pick(fitting.length > 0 ? fitting : model.tournaments, index)
}
