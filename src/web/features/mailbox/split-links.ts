const URL_PATTERN = /(https?:\/\/[^\s<>"')\]]+)/g

/** Splits plain text into text and http(s) links, so links in an e-mail's text are clickable. */
export function splitLinks(text: string): { text: string; isLink: boolean }[] {
  return text
    .split(URL_PATTERN)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, isLink: /^https?:\/\//.test(part) }))
}
