// fast-check arbitraries derived from the app's zod schemas (through zod 4's JSON Schema export,
// input side), for the hostile-input fuzzer: `plausibleFor` builds values of the schema's shape,
// `hostileFor` breaks them — wrong types, huge, negative and fractional numbers, unicode, extra
// (mass-assignment) fields, missing fields — or sends something else entirely.
import fc from 'fast-check'
import { z } from 'zod'

export interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  maxItems?: number
  format?: string
}

/** The schema as JSON Schema (what the request may carry, before zod's transforms). */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
}

/** Fields an attacker adds to any body, hoping the server copies them into a row. */
export const MASS_ASSIGNMENT_FIELDS = [
  'role',
  'emailVerified',
  'balance',
  'amount',
  'userId',
  'id',
  'status',
  'createdAt',
  'updatedAt',
  'walletId',
  'banned',
  'isAdmin',
  '__proto__',
  'constructor',
] as const

const NASTY_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e999',
  'NaN',
  'Infinity',
  'null',
  'true',
  "' OR '1'='1",
  "'; drop table wallets; --",
  '\u0000',
  '\ud800',
  '\u202e🎾ñ漢字',
  '𝕲𝖔𝖑𝖉𝖊𝖓',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '{"$gt":""}',
  '00000000-0000-0000-0000-000000000000',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  '🎾'.repeat(400),
  'x'.repeat(5_000),
  // Names that pose as someone else, and passwords an attacker tries first (decision 067).
  'Admin Team',
  'admin\u200b',
  '\u2066admin\u2069',
  'password',
  '12345678',
]

const NASTY_NUMBERS = [
  -1,
  0,
  -0.5,
  0.5,
  1.5,
  0.1 + 0.2,
  -1e9,
  1e9 + 1,
  2 ** 31,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
]

/** One hostile JSON value: the usual suspects, plus anything fast-check dreams up. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...NASTY_STRINGS, ...NASTY_NUMBERS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { $ne: null }),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)

/**
 * A value of the schema's shape. `ids` are real ids of the database, used for string fields
 * named like ids so that some requests get past validation into the services.
 */
export function plausibleFor(
  schema: JsonSchema,
  ids: readonly string[] = [],
): fc.Arbitrary<unknown> {
  return plausible(schema, '', ids)
}

function plausible(
  schema: JsonSchema,
  name: string,
  ids: readonly string[],
): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => plausible(option, name, ids)))
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.const !== undefined) return fc.constant(schema.const)
  const type = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'any']
  return fc.oneof(...type.map((one) => plausibleOfType(one, schema, name, ids)))
}

function plausibleOfType(
  type: string,
  schema: JsonSchema,
  name: string,
  ids: readonly string[],
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'object':
      return plausibleObject(schema, ids)
    case 'array':
      return fc.array(plausible(schema.items ?? {}, name, ids), {
        maxLength: Math.min(schema.maxItems ?? 16, 16),
      })
    case 'string':
      return plausibleString(schema, name, ids)
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31),
      })
    case 'number':
      return fc.double({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000, noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

function plausibleObject(schema: JsonSchema, ids: readonly string[]) {
  const required = new Set(schema.required ?? [])
  const fields = Object.entries(schema.properties ?? {})
  return fc.record(
    Object.fromEntries(fields.map(([key, field]) => [key, plausible(field, key, ids)])),
    { requiredKeys: fields.map(([key]) => key).filter((key) => required.has(key)) },
  )
}

function plausibleString(schema: JsonSchema, name: string, ids: readonly string[]) {
  if (/id$/i.test(name) && ids.length > 0) {
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, fc.uuid())
  }
  if (schema.format === 'email') {
    return fc.emailAddress().filter((email) => email.length <= (schema.maxLength ?? 254))
  }
  if (/date|deadline/i.test(name))
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
  return fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 40, 40),
    unit: fc.constantFrom(...'abcdefgh_.0123456789ñ漢🎾'.split('')),
  })
}

/**
 * A hostile body for the schema: mostly its own shape with some fields broken, dropped or added,
 * sometimes a value of another type altogether.
 */
export function hostileFor(schema: JsonSchema, ids: readonly string[] = []): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: brokenObject(schema, ids) },
    { weight: 1, arbitrary: plausibleFor(schema, ids) },
    { weight: 1, arbitrary: hostileValue },
  )
}

type FieldChoice = { kind: 'keep' | 'break' | 'drop'; value: unknown }

function brokenObject(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<unknown> {
  const fields = Object.entries(schema.properties ?? {})
  const choices = fields.map(([key, field]) =>
    fc.oneof(
      { weight: 3, arbitrary: plausible(field, key, ids).map((value) => keep(value)) },
      {
        weight: 2,
        arbitrary: hostileValue.map((value): FieldChoice => ({ kind: 'break', value })),
      },
      { weight: 1, arbitrary: fc.constant<FieldChoice>({ kind: 'drop', value: undefined }) },
    ),
  )
  const extras = fc.dictionary(
    fc.oneof(fc.constantFrom<string>(...MASS_ASSIGNMENT_FIELDS), fc.string({ maxLength: 12 })),
    hostileValue,
    { maxKeys: 3 },
  )
  return fc.tuple(fc.tuple(...choices), extras).map(([picked, extra]) => {
    const body: Record<string, unknown> = {}
    // Extra fields first, so a field of the schema that shares a name keeps its broken value.
    for (const [key, value] of Object.entries(extra)) defineField(body, key, value)
    picked.forEach((choice, index) => {
      if (choice.kind !== 'drop') defineField(body, fields[index]![0], choice.value)
    })
    return body
  })
}

const keep = (value: unknown): FieldChoice => ({ kind: 'keep', value })

// Plain assignment of '__proto__' would set the prototype instead of sending the field.
function defineField(body: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true })
}
