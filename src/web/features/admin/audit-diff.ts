const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Compact JSON of a value (undefined and null both read "null"). */
export const compactJson = (value: unknown): string => JSON.stringify(value ?? null) ?? 'null'

export interface AuditChange {
  key: string
  before: string
  after: string
}

/**
 * The fields an audit entry changed, as compact JSON on each side: for two objects only the keys
 * whose values differ (in key order, first of `before`, then keys only `after` has); otherwise
 * the whole values under the key "".
 */
export function auditDiff(before: unknown, after: unknown): AuditChange[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    return keys
      .map((key) => ({
        key,
        before: key in before ? compactJson(before[key]) : '—',
        after: key in after ? compactJson(after[key]) : '—',
      }))
      .filter((change) => change.before !== change.after)
  }
  const change = { key: '', before: compactJson(before), after: compactJson(after) }
  return change.before === change.after ? [] : [change]
}
