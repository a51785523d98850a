// Reading a live stream in tests: the events of an open text/event-stream answer, one by one.

export interface StreamEvent {
  event: string
  data: unknown
}

export interface OpenStream {
  /** The next event (comments and retry lines skipped), or a rejection after `timeoutMs`. */
  next(timeoutMs?: number): Promise<StreamEvent>
  /** Resolves with the events that arrive within `ms` (to show that none does). */
  collect(ms: number): Promise<StreamEvent[]>
  /** Every comment line seen so far (heartbeats). */
  comments: string[]
  /** Resolves true once the server ends the stream, false if it is still open after `ms`. */
  ended(ms?: number): Promise<boolean>
  close(): Promise<void>
}

export function readStream(res: Response): OpenStream {
  if (!res.body) throw new Error('the answer has no body')
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  const comments: string[] = []
  const events: StreamEvent[] = []
  let buffer = ''
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined

  const takeBlocks = () => {
    let end = buffer.indexOf('\n\n')
    while (end >= 0) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      let event = 'message'
      const data: string[] = []
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments.push(line.slice(1).trim())
        else if (line.startsWith('event: ')) event = line.slice(7)
        else if (line.startsWith('data: ')) data.push(line.slice(6))
      }
      if (data.length > 0) events.push({ event, data: JSON.parse(data.join('\n')) })
      end = buffer.indexOf('\n\n')
    }
  }

  const readMore = async (deadline: number): Promise<'data' | 'timeout' | 'done'> => {
    pending ??= reader.read()
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()))
    })
    const result = await Promise.race([pending, timeout])
    clearTimeout(timer)
    if (result === 'timeout') return 'timeout'
    if (result.done) return 'done'
    pending = undefined
    buffer += decoder.decode(result.value, { stream: true })
    takeBlocks()
    return 'data'
  }

  return {
    comments,
    async next(timeoutMs = 2_000) {
      const deadline = Date.now() + timeoutMs
      while (events.length === 0) {
        const read = await readMore(deadline)
        if (read === 'timeout') throw new Error(`no event within ${timeoutMs} ms`)
        if (read === 'done') throw new Error('the stream ended')
      }
      return events.shift()!
    },
    async collect(ms) {
      const deadline = Date.now() + ms
      while ((await readMore(deadline)) === 'data');
      return events.splice(0)
    },
    async ended(ms = 2_000) {
      const deadline = Date.now() + ms
      for (;;) {
        const read = await readMore(deadline)
        if (read !== 'data') return read === 'done'
      }
    },
    async close() {
      await reader.cancel().catch(() => {})
    },
  }
}
