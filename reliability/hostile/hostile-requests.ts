// Hostile requests for one route: bad path parameters (non-uuid ids and worse), query strings and
// bodies derived from the route's zod schemas (reliability/support/zod-arbitrary.ts), the odd
// wrong content type and broken JSON text.
import fc from 'fast-check'
import { hostileFor, hostileValue, plausibleFor, toJsonSchema } from '../support/zod-arbitrary'
import type { RouteInputs } from './route-inputs'

export type Caller = 'admin' | 'fan' | 'visitor'

export interface HostileRequest {
  method: string
  url: string
  /** The value sent as JSON (undefined: raw `text`, or no body). */
  json?: unknown
  text?: string
  contentType?: string
  /** Socket address: mostly a random private one, sometimes loopback (the dev mailbox's rule). */
  address: string
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Path segments that are no id of ours, each sent percent-encoded. */
const BAD_SEGMENTS = [
  '1',
  '-1',
  '0',
  'null',
  'undefined',
  "' OR '1'='1",
  '1; select pg_sleep(5)',
  '%00',
  '\u0000',
  '..',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  '{00000000-0000-0000-0000-000000000000}',
  '🎾ñ漢',
  'a'.repeat(2_000),
]

function segment(ids: readonly string[]): fc.Arbitrary<string> {
  const real = ids.length > 0 ? fc.constantFrom(...ids) : fc.uuid()
  return fc
    .oneof(
      { weight: 3, arbitrary: real },
      { weight: 1, arbitrary: real.map((id) => id.toUpperCase()) },
      { weight: 1, arbitrary: real.map((id) => `${id}x`) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 3, arbitrary: fc.constantFrom(...BAD_SEGMENTS) },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }) },
    )
    .map(encodeURIComponent)
}

const asQueryText = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)

/** Query keys every route gets tried with, read or not. */
const EXTRA_QUERY_KEYS = ['limit', 'page', 'pageSize', 'offset', 'userId', 'id', 'role', 'sort']

function queryString(inputs: RouteInputs, ids: readonly string[]): fc.Arbitrary<string> {
  const properties = inputs.query ? (toJsonSchema(inputs.query).properties ?? {}) : {}
  const own = Object.entries(properties).map(([key, schema]) =>
    fc.option(
      fc.oneof(
        plausibleFor(schema, ids).map((value) => [key, asQueryText(value)] as const),
        hostileValue.map((value) => [key, asQueryText(value)] as const),
      ),
      { nil: undefined },
    ),
  )
  const extra = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...EXTRA_QUERY_KEYS, ...Object.keys(properties)), fc.string()),
      hostileValue.map(asQueryText),
    ),
    { maxLength: 3 },
  )
  return fc.tuple(fc.tuple(...own), extra).map(([picked, added]) => {
    const params = new URLSearchParams()
    for (const pair of [...picked, ...added]) if (pair) params.append(pair[0], pair[1])
    const text = params.toString()
    return text === '' ? '' : `?${text}`
  })
}

const BROKEN_JSON = ['{', '{"a":', '[1,', 'nul', '"unterminated', '{"a":1}}', '\u0000', ' ', '']

/**
 * JSON nested past the depth cap (MAX_JSON_DEPTH = 64), up to 45,000 levels in 90 KB: under the
 * body limit, and a stack overflow for anything that walks it recursively (issue #14).
 */
const NESTING_DEPTHS = [65, 200, 5_000, 45_000]
const deeplyNested = fc
  .tuple(
    fc.constantFrom(...NESTING_DEPTHS),
    fc.constantFrom(
      (depth: number) => '['.repeat(depth) + ']'.repeat(depth),
      (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
      (depth: number) =>
        `{"email":"deep@example.com","password":${'['.repeat(depth)}${']'.repeat(depth)}}`,
      (depth: number) =>
        `{"name":"x","picks":${'[{"a":'.repeat(depth / 2)}1${'}]'.repeat(depth / 2)}}`,
    ),
  )
  .map(([depth, build]) => build(depth))

function body(method: string, inputs: RouteInputs, ids: readonly string[]) {
  if (!STATE_CHANGING.has(method)) return fc.constant({})
  const value = inputs.json ? hostileFor(toJsonSchema(inputs.json), ids) : hostileValue
  return fc.oneof(
    { weight: 12, arbitrary: value.map((json) => ({ json, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.constantFrom(...BROKEN_JSON), fc.string({ unit: 'binary', maxLength: 60 }))
        .map((text) => ({ text, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: deeplyNested.map((text) => ({ text, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data')
        .map((contentType) => ({ text: 'role=admin&amount=-1', contentType })),
    },
  )
}

/** Requests for `method path` (a route as registered, `:params` and all). */
export function hostileRequests(
  method: string,
  path: string,
  inputs: RouteInputs,
  ids: readonly string[],
): fc.Arbitrary<HostileRequest> {
  const parts = path.split(/(:\w+)/)
  const filled = fc.tuple(
    ...parts.map((part) => (part.startsWith(':') ? segment(ids) : fc.constant(part))),
  )
  const address = fc.oneof(
    { weight: 9, arbitrary: fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.9.${a}.${b}`) },
    { weight: 1, arbitrary: fc.constant('127.0.0.1') },
  )
  return fc
    .tuple(filled, queryString(inputs, ids), body(method, inputs, ids), address)
    .map(([segments, query, sent, from]) => ({
      method,
      url: `${segments.join('')}${query}`,
      address: from,
      ...sent,
    }))
}
