// What an accessibility check sees of a page, without the data that changes from journey to
// journey: two pages with the same fingerprint give axe the same elements, attributes, styles,
// focus, hover and scroll boxes, so its verdict on one is its verdict on the other (e2e/support/axe.ts).
// The fingerprint keeps everything axe's rules read apart from the words themselves:
// - every element with every attribute, in document order, with which element has the focus or
//   the pointer, which boxes scroll, and the states styles may read that no attribute shows
//   (checked, invalid, placeholder shown, target of the URL's fragment, open popover);
// - text as a mark: letters or digits, or only symbols (colour contrast skips text without
//   letters or digits), or none;
// - names (aria-label, alt, title, …) and addresses (href, src) as a mark: given or empty;
// - ids as the order in which they first appear, references (for, aria-labelledby, …) mapped
//   the same way, so duplicates and dangling references stay visible;
// - digits and UUIDs in other values (data-*, geometry, aria-valuenow) as placeholders, except in
//   classes, colours and the attributes whose numbers a rule reads (tabindex, aria-level, spans);
// - a run of identical siblings (the rows of a longer or shorter list) as one;
// - the media the page is drawn for: its viewport, dark or light, reduced motion.
// It runs inside the page (page.evaluate), so it must not use anything outside its own body.

export function screenFingerprint(): string {
  const TEXT_ATTRIBUTES = new Set([
    'aria-label',
    'aria-description',
    'aria-placeholder',
    'aria-roledescription',
    'aria-valuetext',
    'alt',
    'title',
    'placeholder',
    'label',
    'value',
  ])
  const ADDRESS_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'poster', 'srcdoc'])
  const ID_REFERENCE_ATTRIBUTES = new Set([
    'id',
    'for',
    'form',
    'list',
    'headers',
    'aria-activedescendant',
    'aria-controls',
    'aria-describedby',
    'aria-details',
    'aria-errormessage',
    'aria-flowto',
    'aria-labelledby',
    'aria-owns',
  ])
  const VERBATIM_ATTRIBUTES = new Set([
    'class',
    'lang',
    'role',
    'tabindex',
    'aria-level',
    'colspan',
    'rowspan',
  ])
  const COLOUR = /color|#[0-9a-f]{3}|rgb|hsl|oklch|background|fill|stroke/i
  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

  const idOrder = new Map<string, number>()
  const canonicalId = (id: string) => {
    if (!idOrder.has(id)) idOrder.set(id, idOrder.size)
    return `#${idOrder.get(id)}`
  }
  const withoutData = (value: string) => value.replace(UUID, 'U').replace(/\d+/g, '9')
  const attributeValue = (name: string, value: string) => {
    if (ID_REFERENCE_ATTRIBUTES.has(name)) {
      return value.split(/\s+/).filter(Boolean).map(canonicalId).join(' ')
    }
    if (TEXT_ATTRIBUTES.has(name)) return value.trim() ? 'text' : ''
    if (ADDRESS_ATTRIBUTES.has(name)) return value.trim() ? 'url' : ''
    if (VERBATIM_ATTRIBUTES.has(name)) return value
    if (name === 'style' && COLOUR.test(value)) return value
    return withoutData(value)
  }
  const textMark = (text: string) => (/[\p{L}\p{N}]/u.test(text) ? 'w' : text.trim() ? 's' : '')

  const STATES = [':checked', ':invalid', ':placeholder-shown', ':target', ':popover-open'].filter(
    (state) => CSS.supports(`selector(${state})`),
  )
  const hovered = [...document.querySelectorAll(':hover')].at(-1)
  const focused = document.activeElement
  const isScrollBox = (element: Element) => {
    if (
      element.scrollHeight <= element.clientHeight &&
      element.scrollWidth <= element.clientWidth
    ) {
      return false
    }
    const style = getComputedStyle(element)
    return /auto|scroll/.test(`${style.overflowX} ${style.overflowY}`)
  }

  const describe = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return textMark(node.textContent ?? '')
    if (node.nodeType !== Node.ELEMENT_NODE) return ''
    const element = node as Element
    const attributes = [...element.attributes]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((attribute) => `${attribute.name}=${attributeValue(attribute.name, attribute.value)}`)
    const states = [
      element === focused ? `:focus${element.matches(':focus-visible') ? '-visible' : ''}` : '',
      element === hovered ? ':hover' : '',
      isScrollBox(element) ? ':scrolls' : '',
      ...STATES.filter((state) => element.matches(state)),
    ].join('')
    const isScriptOrStyle = element.tagName === 'SCRIPT' || element.tagName === 'STYLE'
    const children = isScriptOrStyle ? [] : [...element.childNodes].map(describe).filter(Boolean)
    const runs = children.filter((child, index) => child !== children[index - 1])
    return `<${element.tagName} ${attributes.join(' ')}${states}>${runs.join('')}</>`
  }

  const media = [
    `${window.innerWidth}x${window.innerHeight}`,
    matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
    matchMedia('(prefers-reduced-motion: reduce)').matches ? 'reduced-motion' : 'motion',
  ].join(' ')
  return `${media}\n${describe(document.documentElement)}`
}
