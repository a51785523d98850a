// Refuses JSON bodies nested deeper than any of our forms needs (issue #14): a 90 KB body of
// 45,000 nested arrays fits the body limit, and anything that walks it recursively (better-auth's
// input handling, JSON.stringify, a recursive check of our own) overflows the stack into a 500.
// The depth is counted on the text, in one loop without recursion, before anything parses or
// walks the body.
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '#server/app-env'
import { AppError } from '#server/errors'
import { isJsonMediaType, STATE_CHANGING_METHODS } from './request-guards'

/** Our deepest body (an admin form, a bracket's picks) is a few levels; this leaves room. */
export const MAX_JSON_DEPTH = 64

const OPEN_BRACE = 0x7b // {
const CLOSE_BRACE = 0x7d // }
const OPEN_BRACKET = 0x5b // [
const CLOSE_BRACKET = 0x5d // ]
const QUOTE = 0x22 // "
const BACKSLASH = 0x5c // \

/**
 * True when arrays and objects in `text` nest deeper than `maxDepth` (brackets inside strings do
 * not count). Malformed JSON is not judged here: JSON.parse refuses it afterwards.
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (inString) {
      if (code === BACKSLASH) index++
      else if (code === QUOTE) inString = false
    } else if (code === QUOTE) {
      inString = true
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > maxDepth) return true
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--
    }
  }
  return false
}

/**
 * 400 VALIDATION_FAILED (details.reason NESTING_TOO_DEEP) for a state-changing request whose JSON
 * body nests deeper than `maxDepth`. Runs after the body-size and content-type guards; the text
 * it reads stays cached for the route (c.req.json()/c.req.text()).
 */
export function limitJsonDepth(maxDepth = MAX_JSON_DEPTH): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!STATE_CHANGING_METHODS.has(c.req.method) || !isJsonMediaType(c.req.header('Content-Type')))
      return next()
    if (exceedsJsonDepth(await c.req.text(), maxDepth)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `The request body nests deeper than ${maxDepth} levels.`,
        {
          reason: 'NESTING_TOO_DEEP',
          maxDepth,
        },
      )
    }
    return next()
  }
}
