// Where a stream's bytes go: a ReadableStream fed straight from its controller, which is the
// response body. One promise hop per event and stream; Hono's streamSSE goes through a
// TransformStream and a second ReadableStream, and at 5,000 streams those hops made every stream
// wait for the last one (bench/README.md, Live). docs/decisions/089.

export interface LiveSink {
  /** Queues bytes; false when the client is not keeping up (it is then cut off). */
  write(bytes: Uint8Array): boolean
  close(): void
  onClose(listener: () => void): void
}

// A client that has this many messages unread is too slow to follow: it is cut off, and its
// browser reconnects and refetches (cheaper than queueing without end).
const MAX_UNREAD_WRITES = 32

export const LIVE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-store',
  'Transfer-Encoding': 'chunked',
  Connection: 'keep-alive',
  // nginx and similar proxies would otherwise hold the events back in their buffers.
  'X-Accel-Buffering': 'no',
}

/** A response body and the sink that writes into it. */
export function createLiveBody(): { body: ReadableStream<Uint8Array>; sink: LiveSink } {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let isClosed = false
  const listeners: (() => void)[] = []
  const markClosed = () => {
    if (isClosed) return
    isClosed = true
    for (const listener of listeners) listener()
  }
  const body = new ReadableStream<Uint8Array>(
    {
      start: (started) => void (controller = started),
      // The client left (the server adapter cancels the body when the connection closes).
      cancel: markClosed,
    },
    new CountQueuingStrategy({ highWaterMark: MAX_UNREAD_WRITES }),
  )
  return {
    body,
    sink: {
      write(bytes) {
        if (isClosed) return false
        if ((controller.desiredSize ?? 0) <= 0) return false
        controller.enqueue(bytes)
        return true
      },
      close() {
        if (isClosed) return
        markClosed()
        controller.close()
      },
      onClose: (listener) => void listeners.push(listener),
    },
  }
}
