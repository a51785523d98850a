// The sealing thread (push-sealer.ts): encrypts each payload of a batch for its device
// (RFC 8291, aes128gcm, a fresh key pair per message) and answers with the sealed bodies,
// transferred rather than copied, or the reason one could not be sealed.
import { parentPort } from 'node:worker_threads'
import webpush from 'web-push'

export interface SealJob {
  id: number
  items: Array<{ p256dh: string; auth: string; payload: string }>
}

export type Sealed = { body: Uint8Array } | { error: string }

export interface SealJobAnswer {
  id: number
  sealed: Sealed[]
}

const port = parentPort
if (!port) throw new Error('push-seal-worker.ts runs as a worker thread of push-sealer.ts')

port.on('message', (job: SealJob) => {
  const transfer: ArrayBuffer[] = []
  const sealed = job.items.map((item): Sealed => {
    try {
      const cipher = webpush.encrypt(item.p256dh, item.auth, item.payload, 'aes128gcm').cipherText
      const body = new Uint8Array(cipher)
      transfer.push(body.buffer)
      return { body }
    } catch (error) {
      // Keys the browser never made: no try will do better.
      return { error: error instanceof Error ? error.message : String(error) }
    }
  })
  port.postMessage({ id: job.id, sealed } satisfies SealJobAnswer, transfer)
})
