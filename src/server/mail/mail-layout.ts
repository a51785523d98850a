// The one layout every e-mail uses (issue #17 item 6): the wordmark with its ball, the court-blue
// header, the text, one button in the ball's colour, the link spelled out for clients that hide
// buttons, and a footer saying why the mail came; plus the same content as plain text. Colours
// are the web app's (src/web/styles.css): court-700 #1c4a80, court-900 #193658, ball-400 #d5ee3f.
// HTML mail clients ignore <style> and SVG unevenly, so everything is inline and table-based.
import type { Language } from '#shared/schemas/auth'

export const PRODUCT_NAME = 'Golden Point'

export interface MailContent {
  subject: string
  text: string
  html: string
}

export interface MailLayoutInput {
  lang: Language
  subject: string
  greeting: string
  paragraphs: string[]
  action: { label: string; link: string }
  /** The line after the button: why the mail came, or what to do if it was not asked for. */
  note: string
  /**
   * The page that turns this kind of mail off (unsubscribeLinks(…).pageUrl), shown in the footer
   * of every non-essential mail; account mails (confirmation, reset) have none.
   */
  unsubscribeLink?: string
}

const COLORS = {
  court: '#1c4a80',
  courtDark: '#193658',
  ball: '#d5ee3f',
  page: '#eef2f7',
  card: '#ffffff',
  text: '#0f172a',
  muted: '#475569',
}

const FOOTER: Record<Language, { fallback: string; tagline: string; unsubscribe: string }> = {
  es: {
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    tagline: `${PRODUCT_NAME} · pronósticos de cuadros de pádel`,
    unsubscribe: 'No quiero recibir más correos como este',
  },
  en: {
    fallback: 'If the button does not work, copy this link into your browser:',
    tagline: `${PRODUCT_NAME} · padel bracket predictions`,
    unsubscribe: 'Stop sending me mails like this',
  },
}

export function renderMailLayout(input: MailLayoutInput): MailContent {
  return { subject: input.subject, text: renderText(input), html: renderHtml(input) }
}

function renderText(input: MailLayoutInput): string {
  const { lang, greeting, paragraphs, action, note, unsubscribeLink } = input
  return [
    PRODUCT_NAME.toUpperCase(),
    '',
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${action.label}: ${action.link}`,
    '',
    note,
    '',
    `— ${FOOTER[lang].tagline}`,
    ...(unsubscribeLink ? [`${FOOTER[lang].unsubscribe}: ${unsubscribeLink}`] : []),
  ].join('\n')
}

function renderHtml(input: MailLayoutInput) {
  const { lang, subject, greeting, paragraphs, action, note, unsubscribeLink } = input
  const link = escapeHtml(action.link)
  const muted = `margin:0 0 12px;font-size:13px;line-height:1.5;color:${COLORS.muted}`
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.page};font-family:Arial,Helvetica,sans-serif;color:${COLORS.text}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${COLORS.card};border-radius:12px;overflow:hidden">
<tr><td style="background:${COLORS.court};padding:20px 32px">
<span style="display:inline-block;width:18px;height:18px;border-radius:9px;background:${COLORS.ball};vertical-align:middle"></span>
<span style="margin-left:8px;font-size:20px;font-weight:bold;color:#ffffff;vertical-align:middle">${PRODUCT_NAME}</span>
</td></tr>
<tr><td style="padding:32px">
<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(greeting)}</p>
${paragraphs.map((paragraph) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(paragraph)}</p>`).join('\n')}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:28px 0"><tr><td style="border-radius:999px;background:${COLORS.ball}">
<a href="${link}" style="display:inline-block;padding:14px 24px;color:${COLORS.courtDark};font-size:16px;font-weight:bold;text-decoration:none">${escapeHtml(action.label)}</a>
</td></tr></table>
<p style="${muted}">${escapeHtml(FOOTER[lang].fallback)}<br><a href="${link}" style="color:${COLORS.court};word-break:break-all">${link}</a></p>
<p style="${muted}">${escapeHtml(note)}</p>
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid ${COLORS.page};font-size:12px;color:${COLORS.muted}">${escapeHtml(FOOTER[lang].tagline)}${
    unsubscribeLink
      ? `<br><a href="${escapeHtml(unsubscribeLink)}" style="color:${COLORS.muted}">${escapeHtml(FOOTER[lang].unsubscribe)}</a>`
      : ''
  }</td></tr>
</table>
</td></tr></table>
</body>
</html>`
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!)
}
