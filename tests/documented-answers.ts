// Checks a response against the OpenAPI document (docs/decisions/160): its status must be one the
// route documents, and a JSON body must match that answer's schema, extra keys included.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { expect } from 'vitest'
import { buildOpenApiDocument, toOpenApiPath } from '#server/openapi/openapi-document'

const document = buildOpenApiDocument('http://golden-point.test')
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats.default(ajv)
const validators = new Map<string, ValidateFunction>()

interface DocumentedAnswer {
  content?: Record<string, { schema?: object }>
}

/** Fails unless `res` is an answer `method path` documents (path as mounted: /api/x/:id). */
export async function expectDocumentedAnswer(
  res: Response,
  method: string,
  path: string,
): Promise<void> {
  const operation = document.paths?.[toOpenApiPath(path)]?.[method.toLowerCase() as 'get'] as
    { responses?: Record<string, DocumentedAnswer> } | undefined
  expect(operation, `${method} ${path} is in the document`).toBeDefined()
  const answer = operation?.responses?.[String(res.status)]
  expect(answer, `${method} ${path} documents status ${res.status}`).toBeDefined()
  const schema = answer?.content?.['application/json']?.schema
  if (res.status === 204 || !schema) return
  const key = `${method} ${path} ${res.status}`
  let validate = validators.get(key)
  if (!validate) validators.set(key, (validate = ajv.compile(schema)))
  const body: unknown = await res.clone().json()
  const isValid = validate(body)
  expect(isValid ? [] : validate.errors, `${key}: ${JSON.stringify(body).slice(0, 300)}`).toEqual(
    [],
  )
}
