/** The spec's search rule: the name contains the text, ignoring case (and surrounding spaces). */
export function filterByName<T extends { name: string }>(items: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase()
  if (needle === '') return [...items]
  return items.filter((item) => item.name.toLocaleLowerCase().includes(needle))
}
