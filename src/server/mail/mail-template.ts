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
  const template = compileMailTemplate(slots, render)
  return (values) => fillMailTemplate(template, values)
}

/**
 * The compiled mail as data: plain strings and slot names, so it can be stored (the outbox keeps
 * a wave's text and HTML once and each mail's values beside it, decision 176) and filled later by
 * fillMailTemplate into the same bytes. Same contract for `render` as compileMail.
 */
export function compileMailTemplate<Slot extends string>(
  slots: readonly Slot[],
  render: (placeholders: Record<Slot, string>) => MailContent,
): MailTemplate<Slot> {
  const placeholders = Object.fromEntries(
    slots.map((slot, index) => [slot, `${MARK}${index}${MARK}`]),
  ) as Record<Slot, string>
  const mail = render(placeholders)
  return {
    subject: piecesOf(mail.subject, slots),
    text: piecesOf(mail.text, slots),
    html: piecesOf(mail.html, slots),
  }
}

/** A compiled mail's three parts, each split at its placeholders. */
export interface MailTemplate<Slot extends string = string> {
  subject: MailPieces<Slot>
  text: MailPieces<Slot>
  html: MailPieces<Slot>
}

/** The template split at its placeholders: fixed text, slot, fixed text, slot, …, fixed text. */
export interface MailPieces<Slot extends string = string> {
  fixed: string[]
  slots: Slot[]
}

/** One recipient's mail: values raw in the subject and text, escaped in the HTML. */
export function fillMailTemplate<Slot extends string>(
  template: MailTemplate<Slot>,
  values: Record<Slot, string>,
): MailContent {
  return {
    subject: fillPieces(template.subject, values),
    text: fillPieces(template.text, values),
    html: fillHtml(template.html, values),
  }
}

/** The HTML of one recipient's mail: every value through escapeHtml, as the layout puts it. */
export function fillHtml<Slot extends string>(
  pieces: MailPieces<Slot>,
  values: Record<Slot, string>,
): string {
  const escaped = {} as Record<Slot, string>
  for (const slot of pieces.slots) escaped[slot] = escapeHtml(values[slot])
  return fillPieces(pieces, escaped)
}

function piecesOf<Slot extends string>(template: string, slots: readonly Slot[]): MailPieces<Slot> {
  // split with a capturing group alternates the text between placeholders and their numbers.
  const parts = template.split(PLACEHOLDER)
  const pieces: MailPieces<Slot> = { fixed: [], slots: [] }
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

/** Joins the fixed text around the values, as they are. */
export function fillPieces<Slot extends string>(
  pieces: MailPieces<Slot>,
  values: Record<Slot, string>,
): string {
  let result = pieces.fixed[0]!
  for (let index = 0; index < pieces.slots.length; index++) {
    result += values[pieces.slots[index]!] + pieces.fixed[index + 1]!
  }
  return result
}
