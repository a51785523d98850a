// How the model test generates and replays its command lists. A failure prints fast-check's
// seed and path; MODEL_SEED and MODEL_PATH (the test runner's own switches, so read here) make
// the next run start from that very command list. MODEL_RUNS overrides the number of runs (e.g.
// full-length lists, fewer of them, when time is short).
import fc from 'fast-check'
import { size } from '../support/sizes'
import { commandArbitraries, prologueArbitrary } from './commands'

export const MODEL_RUNS = Number(process.env.MODEL_RUNS ?? size(100, 1000))
export const MAX_COMMANDS = size(30, 200)

/**
 * One run: its prologue (users and tournaments), then 0 to MAX_COMMANDS commands, evenly spread
 * (size 'max'), not only short lists.
 */
export function modelRunArbitrary() {
  return fc.tuple(
    prologueArbitrary,
    fc.commands(commandArbitraries, { maxCommands: MAX_COMMANDS, size: 'max' }),
  )
}

/**
 * fast-check's parameters. No shrinking (endOnFailure): the printed list is the failing run
 * itself, and a run of up to 200 audited commands is seconds, so shrinking one would be minutes
 * of runs that each need a fresh database.
 */
export function modelRunParameters(numRuns = MODEL_RUNS): fc.Parameters<unknown> {
  const seed = process.env.MODEL_SEED
  const path = process.env.MODEL_PATH
  return {
    numRuns,
    endOnFailure: true,
    ...(seed ? { seed: Number(seed) } : {}),
    ...(path ? { path } : {}),
  }
}
