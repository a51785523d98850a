// A drawing worker (card-drawer.ts): draws one card at a time as the pool hands them over and
// answers with the PNG's bytes (transferred, not copied) or the error's message.
import { parentPort } from 'node:worker_threads'
import type { CardDrawing } from './card-node'
import { renderCardPng } from './card-render'

export interface CardJob {
  id: number
  drawing: CardDrawing
}

export type CardJobAnswer = { id: number; png: Uint8Array } | { id: number; error: string }

const port = parentPort
if (!port) throw new Error('card-worker.ts runs as a worker thread of card-drawer.ts')

port.on('message', (job: CardJob) => {
  renderCardPng(job.drawing).then(
    (png) => {
      // A buffer of its own is handed over as it is; a slice of a shared one is copied first.
      const own =
        png.buffer instanceof ArrayBuffer &&
        png.byteOffset === 0 &&
        png.byteLength === png.buffer.byteLength
      const bytes = own ? new Uint8Array(png.buffer as ArrayBuffer) : new Uint8Array(png)
      port.postMessage({ id: job.id, png: bytes } satisfies CardJobAnswer, [
        bytes.buffer as ArrayBuffer,
      ])
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error)
      port.postMessage({ id: job.id, error: message } satisfies CardJobAnswer)
    },
  )
})
