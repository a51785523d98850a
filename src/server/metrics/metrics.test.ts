// countBetOutcome, the one metrics call on every bet: it counts the bet's answer and must hand the
// answer on unchanged, placed or refused.
import { describe, expect, it } from 'vitest'
import { AppError } from '#server/errors'
import { countBetOutcome, enableMetrics, metricsRegistry } from './metrics'

/** The counter's value for `labels` (0 before its first increment). */
async function counted(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = metricsRegistry.getSingleMetric(name)
  const { values } = await metric!.get()
  const matches = values.find((value) =>
    Object.entries(labels).every(([key, label]) => value.labels[key] === label),
  )
  return matches?.value ?? 0
}

describe('countBetOutcome with metrics on', () => {
  enableMetrics()

  it('counts a placed bet and hands on its answer', async () => {
    const before = await counted('goldenpoint_bets_placed_total')
    const answer = { betId: 'b1' }
    await expect(countBetOutcome(Promise.resolve(answer))).resolves.toBe(answer)
    expect(await counted('goldenpoint_bets_placed_total')).toBe(before + 1)
  })

  it('counts a refusal by its code and rethrows it; a fault is no refusal', async () => {
    const placedBefore = await counted('goldenpoint_bets_placed_total')
    const refusedBefore = await counted('goldenpoint_bets_refused_total', {
      code: 'INSUFFICIENT_FUNDS',
    })
    const refusal = new AppError('INSUFFICIENT_FUNDS')
    await expect(countBetOutcome(Promise.reject(refusal))).rejects.toBe(refusal)
    const fault = new Error('connection lost')
    await expect(countBetOutcome(Promise.reject(fault))).rejects.toBe(fault)

    expect(await counted('goldenpoint_bets_refused_total', { code: 'INSUFFICIENT_FUNDS' })).toBe(
      refusedBefore + 1,
    )
    expect(await counted('goldenpoint_bets_placed_total')).toBe(placedBefore)
  })
})
