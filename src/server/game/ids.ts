// Ids in the URL are checked before any query: a malformed id is a 404, never a cast error.
import { AppError } from '#server/errors'

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value)
}

/** A malformed or unknown id in the URL is 404 NOT_FOUND, never a cast error. */
export function assertUuid(id: string, what = 'Not found.'): void {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', what)
}
