// A mail rendered once and filled per recipient (docs/decisions/169): a wave of mails that differ
// only in a few values (the fan's name, their unsubscribe link) renders the layout once with a
// placeholder where each value goes, then joins the pieces around each fan's values. The result
// is the same bytes as rendering each mail in full, because the layout puts every value into the
// subject and the text as it is and into the HTML through escapeHtml, and nothing else: the fill
// does the same.
import { escapeHtml, type MailContent } from './mail-layout'

/** Fills the compiled mail for one recipient. */
export type MailFiller<Slot extends string> = (values: Record<Slot, string>) => MailContent

// PostgreSQL's text cannot hold a NUL character, so no stored value (a tournament's name) can
// contain a placeholder by chance.
const MARK = '\u0000'
const PLACEHOLDER = new RegExp(`${MARK}(\\d+)${MARK}`)

/**
 * Renders `render` once with a placeholder for each of `slots` and returns the filler. `render`
 * must use each slot's value only as a whole string in renderMailLayout's fields: never cut,
 * cased, measured or tested (the layout leaves out an empty unsubscribe link), which the fill
 * cannot reproduce. The tests beside each caller compare filled mails with full renders.
 */
export function compileMail<Slot extends string>(
  slots: readonly Slot[],
  render: (placeholders: Record<Slot, string>) => MailContent,
): MailFiller<Slot> {
  const placeholders = Object.fromEntries(
    slots.map((slot, index) => [slot, `${MARK}${index}${MARK}`]),
  ) as Record<Slot, string>
  const mail = render(placeholders)
  const subject = piecesOf(mail.subject, slots)
  const text = piecesOf(mail.text, slots)
  const html = piecesOf(mail.html, slots)
  return (values) => {
    const escaped = {} as Record<Slot, string>
    for (const slot of slots) escaped[slot] = escapeHtml(values[slot])
    return {
      subject: fill(subject, values),
      text: fill(text, values),
      html: fill(html, escaped),
    }
  }
}

/** The template split at its placeholders: fixed text, slot, fixed text, slot, …, fixed text. */
interface Pieces<Slot extends string> {
  fixed: string[]
  slots: Slot[]
}

function piecesOf<Slot extends string>(template: string, slots: readonly Slot[]): Pieces<Slot> {
  // split with a capturing group alternates the text between placeholders and their numbers.
  const parts = template.split(PLACEHOLDER)
  const pieces: Pieces<Slot> = { fixed: [], slots: [] }
  parts.forEach((part, index) => {
    if (index % 2 === 0) pieces.fixed.push(part)
    else pieces.slots.push(slots[Number(part)]!)
  })
  // A placeholder cut in two by the render would leave its marks behind: refuse, never mis-fill.
  if (pieces.fixed.some((part) => part.includes(MARK))) {
    throw new Error('compileMail: a placeholder did not reach the mail whole')
  }
  return pieces
}

function fill<Slot extends string>(pieces: Pieces<Slot>, values: Record<Slot, string>): string {
  let result = pieces.fixed[0]!
  for (let index = 0; index < pieces.slots.length; index++) {
    result += values[pieces.slots[index]!] + pieces.fixed[index + 1]!
  }
  return result
}
