/**
 * The browser's time zone as the admin forms and lists name it: "Europe/Madrid (GMT+1)". Dates
 * are entered and shown in this zone, and a tournament run from another zone would otherwise be
 * off by hours without a word.
 */
export function timeZoneLabel(language: string, at: Date = new Date(), timeZone?: string): string {
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone
  return `${zone} (${zoneOffset(language, at, zone)})`
}

/** The zone's offset on that date ("GMT+1", "GMT+2" in summer). */
export function zoneOffset(language: string, at: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat(language, {
    timeZoneName: 'shortOffset',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(at)
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT'
}
