/** Joins class names, skipping falsy ones (no tailwind-merge: components avoid conflicting classes). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ')
}
