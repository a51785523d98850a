// Sealing pushes off the request thread (docs/decisions/131). Encrypting a payload for a device
// costs a key pair and a key agreement, about a third of a millisecond of CPU: a result for
// 100,000 fans is half a minute of it. On the thread that answers requests it queued every
// request behind a batch's sealing (bets p99 2.6× while a result was pushed), so one worker
// thread seals each claimed batch and the request thread only sends.
import type { Worker } from 'node:worker_threads'
import { startModuleWorker } from '#server/workers/start-worker'
import type { Sealed, SealJob, SealJobAnswer } from './push-seal-worker'

export type { Sealed }

export interface PushSealer {
  /** Each item's body in order, or why it could not be sealed. */
  seal(items: SealJob['items']): Promise<Sealed[]>
  close(): Promise<void>
}

interface Pending {
  resolve(sealed: Sealed[]): void
  reject(error: Error): void
}

export function createPushSealer(): PushSealer {
  let worker: Worker | undefined
  const pending = new Map<number, Pending>()
  let nextId = 1

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error)
    pending.clear()
  }

  // Started on the first batch; a thread that dies fails its batches (their leases run out and
  // they are claimed again) and the next batch starts a new one.
  const workerOf = (): Worker => {
    if (worker) return worker
    const started = startModuleWorker(
      new URL('push-seal-worker.ts', import.meta.url),
      'push-seal-worker.js',
    )
    started.unref()
    started.on('message', (answer: SealJobAnswer) => {
      const job = pending.get(answer.id)
      pending.delete(answer.id)
      job?.resolve(answer.sealed)
    })
    const lost = (error: Error) => {
      if (worker !== started) return
      worker = undefined
      failAll(error)
    }
    started.on('error', lost)
    started.on('exit', (code) => lost(new Error(`the push sealing thread exited with ${code}`)))
    worker = started
    return started
  }

  return {
    seal(items) {
      if (items.length === 0) return Promise.resolve([])
      const id = nextId++
      return new Promise<Sealed[]>((resolve, reject) => {
        pending.set(id, { resolve, reject })
        workerOf().postMessage({ id, items } satisfies SealJob)
      })
    },
    async close() {
      const running = worker
      worker = undefined
      failAll(new Error('the push sealer was closed'))
      await running?.terminate()
    },
  }
}
