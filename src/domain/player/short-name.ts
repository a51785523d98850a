// A player's short name is what the small cards of the bracket show ("Di Nenno / Díaz"). An
// admin may set it; without one it is the full name minus the first name, so compound surnames
// ("Di Nenno", "Gómez Silingo") stay whole. Only a second first name ("Juan Martín Díaz") needs
// it set by hand.

/** The full name without its first word; a one-word name as it is. */
export function defaultShortName(fullName: string): string {
  const words = fullName.trim().split(/\s+/)
  return words.length > 1 ? words.slice(1).join(' ') : (words[0] ?? '')
}

/** The short name an admin set, or the default one derived from the full name. */
export function shortNameOf(player: { name: string; shortName: string | null }): string {
  return player.shortName ?? defaultShortName(player.name)
}
