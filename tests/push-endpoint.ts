// A push service of our own on loopback, for the server's half of Web Push (docs/decisions/131):
// it checks every request as a real push service would — the VAPID JWT (ES256 signature with the
// key in `k`, audience = this service's origin, expiry within 24 h) — decrypts the payload with
// the subscription's private key (RFC 8291 aes128gcm, written here from the RFC rather than with
// the library the server uses), and answers 201, or what the test commands (410, 429, 500…).
import {
  createECDH,
  createDecipheriv,
  createHmac,
  createPublicKey,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Delivery {
  subscriptionId: string
  payload: unknown
  ttl: number
  urgency: string | undefined
  topic: string | undefined
  at: number
}

export interface Answer {
  status: number
  retryAfter?: string
}

export interface TestSubscription {
  id: string
  endpoint: string
  keys: { p256dh: string; auth: string }
}

interface Device {
  ecdh: ECDH
  publicKey: Buffer
  auth: Buffer
}

export interface LocalPushService {
  origin: string
  newSubscription(): TestSubscription
  /** The next answers to a device's pushes, in order; after them, 201 again. */
  answerNext(subscriptionId: string, ...answers: Answer[]): void
  /** Every push to every device answers this until cleared with null (default 201). */
  answerAll(answer: Answer | null): void
  /** Delay before answering, ms (a slow push service). */
  delayMs: number
  /** Accepted pushes (answered 2xx), in order of arrival. */
  deliveries: Delivery[]
  /** Every request, whatever the answer. */
  requests(): number
  /** Requests a real push service would have refused: bad JWT, undecryptable payload. */
  problems: string[]
  close(): Promise<void>
}

export async function startLocalPushService({
  vapidPublicKey,
}: {
  /** The key every JWT must be signed with (and sent as `k`). */
  vapidPublicKey: () => string | undefined
}): Promise<LocalPushService> {
  const devices = new Map<string, Device>()
  const queued = new Map<string, Answer[]>()
  let always: Answer | null = null
  let requestCount = 0
  const deliveries: Delivery[] = []
  const problems: string[] = []
  let origin = ''

  const service: LocalPushService = {
    origin: '',
    delayMs: 0,
    deliveries,
    problems,
    requests: () => requestCount,
    newSubscription() {
      const id = randomUUID()
      const ecdh = createECDH('prime256v1')
      const publicKey = ecdh.generateKeys()
      const auth = randomBytes(16)
      devices.set(id, { ecdh, publicKey, auth })
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
      }
    },
    answerNext(subscriptionId, ...answers) {
      queued.set(subscriptionId, [...(queued.get(subscriptionId) ?? []), ...answers])
    },
    answerAll(answer) {
      always = answer
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      requestCount += 1
      const body = await readBody(req)
      if (service.delayMs > 0) await new Promise((r) => setTimeout(r, service.delayMs))
      const id = /^\/push\/([0-9a-f-]+)$/.exec(req.url ?? '')?.[1]
      const device = id ? devices.get(id) : undefined
      if (req.method !== 'POST' || !id || !device) {
        res.writeHead(404).end()
        return
      }
      const refusal = checkRequest(req, origin, vapidPublicKey())
      if (refusal) {
        problems.push(refusal)
        res.writeHead(403).end(refusal)
        return
      }
      let payload: unknown
      try {
        payload = JSON.parse(decryptAes128gcm(body, device).toString('utf8'))
      } catch (error) {
        problems.push(`undecryptable payload: ${(error as Error).message}`)
        res.writeHead(400).end()
        return
      }
      const answer = queued.get(id)?.shift() ?? always ?? { status: 201 }
      if (answer.status >= 200 && answer.status < 300) {
        deliveries.push({
          subscriptionId: id,
          payload,
          ttl: Number(req.headers.ttl),
          urgency: header(req, 'urgency'),
          topic: header(req, 'topic'),
          at: Date.now(),
        })
      }
      const headers: Record<string, string> = {}
      if (answer.retryAfter !== undefined) headers['retry-after'] = answer.retryAfter
      if (answer.status === 201) headers.location = `${origin}/message/${randomUUID()}`
      res.writeHead(answer.status, headers).end()
    })().catch((error: unknown) => {
      problems.push(String(error))
      res.writeHead(500).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  service.origin = origin
  return service
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return typeof value === 'string' ? value : undefined
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

/** Why a push service would refuse the request (RFC 8292), or null. */
function checkRequest(
  req: IncomingMessage,
  origin: string,
  expectedKey: string | undefined,
): string | null {
  if (req.headers['content-encoding'] !== 'aes128gcm') return 'Content-Encoding is not aes128gcm'
  const ttl = Number(req.headers.ttl)
  if (!Number.isInteger(ttl) || ttl < 0) return 'TTL missing or not a whole number'
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '')
  if (!match) return 'Authorization is not "vapid t=…, k=…"'
  const [, jwt, key] = match as unknown as [string, string, string]
  if (expectedKey !== undefined && key !== expectedKey) return 'k is not the VAPID public key'
  const [header64, claims64, signature64] = jwt.split('.')
  if (!header64 || !claims64 || !signature64) return 'JWT is not three parts'
  const header = JSON.parse(Buffer.from(header64, 'base64url').toString()) as { alg?: string }
  if (header.alg !== 'ES256') return 'JWT alg is not ES256'
  const point = Buffer.from(key, 'base64url')
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${header64}.${claims64}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature64, 'base64url'),
  )
  if (!signed) return 'JWT signature does not verify'
  const claims = JSON.parse(Buffer.from(claims64, 'base64url').toString()) as {
    aud?: string
    exp?: number
    sub?: string
  }
  if (claims.aud !== origin) return `JWT aud ${claims.aud} is not ${origin}`
  const now = Math.floor(Date.now() / 1000)
  if (typeof claims.exp !== 'number' || claims.exp <= now) return 'JWT has expired'
  if (claims.exp > now + 24 * 60 * 60) return 'JWT expires more than 24 h ahead'
  if (!claims.sub?.startsWith('mailto:') && !claims.sub?.startsWith('https:')) {
    return 'JWT sub is not mailto: or https:'
  }
  return null
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest()

/** RFC 8291 §3.4 with RFC 8188: one record, as the browser's push stack would open it. */
function decryptAes128gcm(body: Buffer, device: Device): Buffer {
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const senderKey = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  const ecdhSecret = device.ecdh.computeSecret(senderKey)
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.publicKey,
    senderKey,
    Buffer.from([1]),
  ])
  const ikm = hmac(hmac(device.auth, ecdhSecret), keyInfo)
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16)
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ])
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = plain.length - 1
  while (end >= 0 && plain[end] === 0) end -= 1
  if (plain[end] !== 2) throw new Error('no last-record delimiter')
  return plain.subarray(0, end)
}
