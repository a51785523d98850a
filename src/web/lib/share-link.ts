// A shared bracket's addresses and the one way the app shares a link: the device's share sheet
// (Web Share API) where there is one, the clipboard otherwise (docs/product.md "Sharing a bracket").

/**
 * The page anyone can open: /share/:shareId on this site, in the sharer's language (?lang=), which
 * the link's preview and the page follow rather than the reader's browser.
 */
export function shareUrlOf(shareId: string, lang?: string): string {
  const url = `${window.location.origin}/share/${encodeURIComponent(shareId)}`
  return lang === undefined ? url : `${url}?lang=${lang === 'en' ? 'en' : 'es'}`
}

/** The 1200×630 card; `version` changes the address when the card's content does. */
export function shareImageUrlOf(shareId: string, lang: string, version?: string): string {
  const params = new URLSearchParams({ lang: lang === 'en' ? 'en' : 'es' })
  if (version) params.set('v', version)
  return `/api/share/${encodeURIComponent(shareId)}/image.png?${params.toString()}`
}

/** A fan's season card's page (docs/product.md "Seasons"), in the sharer's language as above. */
export function seasonShareUrlOf(shareId: string, lang: string): string {
  const url = `${window.location.origin}/season-share/${encodeURIComponent(shareId)}`
  return `${url}?lang=${lang === 'en' ? 'en' : 'es'}`
}

/**
 * The season card's 1200×630 image; `version` changes the address when the card's content does
 * (a browser keeps an image a minute: the recap must not show the card from before it).
 */
export function seasonShareImageUrlOf(shareId: string, lang: string, version?: string): string {
  const params = new URLSearchParams({ lang: lang === 'en' ? 'en' : 'es' })
  if (version) params.set('v', version)
  return `/api/season-share/${encodeURIComponent(shareId)}/image.png?${params.toString()}`
}

/** shared: the share sheet took it; copied: on the clipboard; cancelled: the fan closed the sheet. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

export async function shareOrCopyLink(link: { url: string; title: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: link.title, url: link.url })
      return 'shared'
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
      // A refused share (no user gesture, a blocked type) still leaves the clipboard.
    }
  }
  try {
    await navigator.clipboard.writeText(link.url)
    return 'copied'
  } catch {
    return 'failed'
  }
}
