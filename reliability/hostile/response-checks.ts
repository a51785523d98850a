// What every answer to a hostile request must look like: never a 5xx, and an error is our
// `{ error: { code, message } }` with a known code, giving nothing of the inside away.
import { ERROR_CODES } from '#shared/errors'

const KNOWN_CODES = new Set<string>(ERROR_CODES)

/** Stack frames, source paths, SQL and driver wording: none of it may reach a client. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\n\s*at \S+ \(|\bat (async )?\S+ \(\S+:\d+:\d+\)/],
  ['a source path', /node_modules|\/src\/server|\.[cm]?[jt]s:\d+/],
  ['SQL', /\b(select|insert|update|delete)\b[^"]{0,80}\b(from|into|set|where)\b|\bSQLSTATE\b/i],
  [
    'a database error',
    /syntax error|violates|relation "|duplicate key|invalid input syntax|DrizzleQueryError|pglite|postgres/i,
  ],
]

/** The problem with an answer, or undefined when it is fine. */
export function findAnswerProblem(status: number, contentType: string | null, text: string) {
  if (status >= 500) return `status ${status}`
  // A script or style sheet served as a file (the API reference page's) is code by nature: its
  // words are no leak of ours.
  if (status < 400 && /javascript|text\/css/.test(contentType ?? '')) return undefined
  for (const [what, pattern] of LEAKS) if (pattern.test(text)) return `the body shows ${what}`
  if (status < 400) return undefined
  if (!contentType?.includes('application/json')) return `error with Content-Type ${contentType}`
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return 'error body is not JSON'
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error
  if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
    return 'error body is not { error: { code, message } }'
  }
  if (!KNOWN_CODES.has(error.code)) return `unknown error code ${error.code}`
  return undefined
}
