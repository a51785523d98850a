import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '#server/errors'
import { createCardDrawer, type CardDrawer } from './card-drawer'
import type { CardDrawing } from './card-node'

const card = (label: string): CardDrawing => ({
  tree: {
    type: 'div',
    props: {
      style: { display: 'flex', width: 200, height: 100, backgroundColor: '#0f213a' },
      children: [
        { type: 'div', props: { style: { color: '#ffffff', fontSize: 24 }, children: label } },
      ],
    },
  },
  width: 200,
  height: 100,
})

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

let drawers: CardDrawer[] = []
afterEach(async () => {
  await Promise.all(drawers.map((drawer) => drawer.close()))
  drawers = []
})

function drawerWith(options: Partial<Parameters<typeof createCardDrawer>[0]> = {}) {
  const drawer = createCardDrawer({
    workers: 1,
    queueLimit: 8,
    perAddressPerMinute: 100,
    ...options,
  })
  drawers.push(drawer)
  return drawer
}

async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AppError)
  const { code, status, retryAfterSeconds } = error as AppError
  return { code, status, retryAfterSeconds }
}

describe('the card drawer', () => {
  it('draws a PNG in a worker thread, one worker started on the first drawing', async () => {
    const drawer = drawerWith({ workers: 2 })
    expect(drawer.stats).toEqual({ workers: 0, drawing: 0, waiting: 0 })
    const drawing = drawer.draw(card('one'), { address: '198.51.100.1' })
    expect(drawer.stats).toEqual({ workers: 1, drawing: 1, waiting: 0 })
    const png = await drawing
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
    expect(png.readUInt32BE(16)).toBe(200)
    expect(png.readUInt32BE(20)).toBe(100)
    expect(drawer.stats).toEqual({ workers: 1, drawing: 0, waiting: 0 })
  })

  it('keeps at most queueLimit cards waiting: the rest get 503 with Retry-After at once', async () => {
    const drawer = drawerWith({ workers: 1, queueLimit: 2 })
    const accepted = ['a', 'b', 'c'].map((label, i) =>
      drawer.draw(card(label), { address: `198.51.100.${i + 1}` }),
    )
    expect(drawer.stats).toMatchObject({ drawing: 1, waiting: 2 })
    for (const label of ['d', 'e']) {
      expect(await refusalOf(drawer.draw(card(label), { address: '203.0.113.9' }))).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        status: 503,
        retryAfterSeconds: 2,
      })
    }
    const pngs = await Promise.all(accepted)
    for (const png of pngs) expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
    // Room again once the queue has drained.
    await expect(drawer.draw(card('f'), { address: '203.0.113.9' })).resolves.toBeInstanceOf(Buffer)
  })

  it('lets one client address (an IPv6 one by its /64) start so many drawings a minute: 429 after', async () => {
    let now = 1_000_000
    const drawer = drawerWith({ perAddressPerMinute: 2, now: () => now })
    await drawer.draw(card('1'), { address: '2001:db8:1:2::1' })
    await drawer.draw(card('2'), { address: '2001:db8:1:2:ffff::9' })
    now += 45_000
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:aaaa::1']) {
      expect(await refusalOf(drawer.draw(card('3'), { address }))).toEqual({
        code: 'RATE_LIMITED',
        status: 429,
        retryAfterSeconds: 15,
      })
    }
    // Another /64 and an IPv4 client are counted on their own.
    await drawer.draw(card('4'), { address: '2001:db8:1:3::1' })
    await drawer.draw(card('5'), { address: '198.51.100.7' })
    now += 15_000
    await expect(drawer.draw(card('6'), { address: '2001:db8:1:2::1' })).resolves.toBeInstanceOf(
      Buffer,
    )
  })

  it('a card that cannot be drawn fails alone; the worker goes on drawing', async () => {
    const drawer = drawerWith()
    // satori refuses an image whose source is not an absolute URL.
    const broken = { ...card('x'), tree: { type: 'img', props: { src: 'nowhere' } } }
    await expect(drawer.draw(broken, { address: '198.51.100.1' })).rejects.toThrow(
      /drawing a card failed/,
    )
    await expect(drawer.draw(card('ok'), { address: '198.51.100.1' })).resolves.toBeInstanceOf(
      Buffer,
    )
    expect(drawer.stats.workers).toBe(1)
  })

  it('close() ends the workers and refuses what waits and what comes', async () => {
    const drawer = drawerWith({ workers: 1, queueLimit: 4 })
    const first = refusalOf(drawer.draw(card('a'), { address: '198.51.100.1' }))
    const waiting = refusalOf(drawer.draw(card('b'), { address: '198.51.100.1' }))
    await drawer.close()
    expect((await first).code).toBe('SERVICE_UNAVAILABLE')
    expect((await waiting).code).toBe('SERVICE_UNAVAILABLE')
    expect((await refusalOf(drawer.draw(card('c'), { address: '198.51.100.1' }))).code).toBe(
      'SERVICE_UNAVAILABLE',
    )
    expect(drawer.stats.workers).toBe(0)
  })
})
