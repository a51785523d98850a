/** The fields whose value differs between two versions of a form's values. */
export function changedFields<Values>(before: Values, after: Values): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  return [...keys].filter(
    (key) =>
      !Object.is((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key]),
  )
}
