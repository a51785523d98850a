import { createECDH, randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { createPushSealer } from './push-sealer'

function deviceKeys() {
  const ecdh = createECDH('prime256v1')
  return {
    p256dh: ecdh.generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  }
}

describe('push sealer', () => {
  const sealer = createPushSealer()
  afterAll(() => sealer.close())

  it('seals each payload of a batch in order and names the one it cannot seal', async () => {
    const payload = JSON.stringify({ title: 'QF1', body: 'Your pick won' })
    const sealed = await sealer.seal([
      { ...deviceKeys(), payload },
      { p256dh: 'not-a-key', auth: 'short', payload },
      { ...deviceKeys(), payload },
    ])
    expect(sealed.map((item) => ('body' in item ? 'body' : 'error'))).toEqual([
      'body',
      'error',
      'body',
    ])
    const [first, , third] = sealed as Array<{ body: Uint8Array }>
    // aes128gcm: an 86-byte header (salt, record size, key id) before the sealed record, and a
    // fresh key pair for every message, so two seals of one payload never match.
    expect(first!.body.byteLength).toBeGreaterThan(86 + payload.length)
    expect(Buffer.from(first!.body).equals(Buffer.from(third!.body))).toBe(false)
  })

  it('answers an empty batch at once, and batches sent together each with its own answer', async () => {
    expect(await sealer.seal([])).toEqual([])
    const batches = await Promise.all(
      Array.from({ length: 5 }, () => sealer.seal([{ ...deviceKeys(), payload: '{}' }])),
    )
    expect(batches.every((batch) => batch.length === 1 && 'body' in batch[0]!)).toBe(true)
  })
})
