import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { AppError } from '#server/errors'

/** Paths that take a file upload, and how large their bodies may be. */
export interface UploadLimit {
  path: RegExp
  maxBytes: number
}

/**
 * Rejects bodies over the limit (by Content-Length or while streaming) with 413 PAYLOAD_TOO_LARGE;
 * the upload paths have their own, larger limit.
 */
export function limitBodySize(
  defaultMaxBytes: number,
  uploads: readonly UploadLimit[] = [],
): MiddlewareHandler {
  const forDefault = limitTo(defaultMaxBytes)
  const forUploads = uploads.map((upload) => ({
    path: upload.path,
    limit: limitTo(upload.maxBytes),
  }))
  return (c, next) => {
    const upload = forUploads.find(({ path }) => path.test(c.req.path))
    return (upload?.limit ?? forDefault)(c, next)
  }
}

function limitTo(maxBytes: number): MiddlewareHandler {
  const tooLarge = () => {
    throw new AppError('PAYLOAD_TOO_LARGE', `The request body exceeds ${maxBytes} bytes.`)
  }
  const limitStreamedBody = bodyLimit({ maxSize: maxBytes, onError: tooLarge })
  return async (c, next) => {
    // A body with a declared length is judged by the header alone: Node's parser never hands
    // the app more bytes than it declares. hono's bodyLimit would first ask for the request's
    // body stream, which makes the Node adapter build a whole web Request (undici Request,
    // AbortSignal, a web stream over the socket) instead of reading the bytes directly: a fifth
    // of a bet's server time (bench/README.md). GET and HEAD carry no body the app reads.
    const declaredLength = c.req.header('content-length')
    if (declaredLength !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(declaredLength) > maxBytes) tooLarge()
      return next()
    }
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    // Chunked: counted while it streams.
    return limitStreamedBody(c, next)
  }
}
