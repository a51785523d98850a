import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { AppError } from '../errors'

/** Rejects bodies over the limit (by Content-Length or while streaming) with 413 PAYLOAD_TOO_LARGE. */
export function limitBodySize(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', `The request body exceeds ${maxBytes} bytes.`)
    },
  })
}
