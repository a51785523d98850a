// The account e-mails in the recipient's language (en/es), as plain text and small HTML. Every
// value placed into HTML is escaped; links are only ever our own PUBLIC_URL pages.
import type { Language } from '../../shared/schemas/auth'

export const PRODUCT_NAME = 'Golden Point'

export interface MailContent {
  subject: string
  text: string
  html: string
}

interface LinkMailInput {
  lang: Language
  name: string
  link: string
}

interface Copy {
  subject: string
  greeting: (name: string) => string
  body: string
  action: string
  fallback: string
  ignore: string
}

const VERIFICATION: Record<Language, Copy> = {
  es: {
    subject: `Confirma tu correo en ${PRODUCT_NAME}`,
    greeting: (name) => `Hola, ${name}:`,
    body: `Gracias por unirte a ${PRODUCT_NAME}. Confirma tu dirección de correo para activar tu cuenta y recibir tus monedas de bienvenida. El enlace caduca en 1 hora.`,
    action: 'Confirmar mi correo',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    ignore: 'Si no has creado una cuenta, ignora este mensaje.',
  },
  en: {
    subject: `Confirm your e-mail for ${PRODUCT_NAME}`,
    greeting: (name) => `Hi ${name},`,
    body: `Thanks for joining ${PRODUCT_NAME}. Confirm your e-mail address to activate your account and receive your welcome coins. The link expires in 1 hour.`,
    action: 'Confirm my e-mail',
    fallback: 'If the button does not work, copy this link into your browser:',
    ignore: 'If you did not create an account, you can ignore this message.',
  },
}

const PASSWORD_RESET: Record<Language, Copy> = {
  es: {
    subject: `Restablece tu contraseña de ${PRODUCT_NAME}`,
    greeting: (name) => `Hola, ${name}:`,
    body: 'Hemos recibido una solicitud para restablecer tu contraseña. El enlace sirve una sola vez y caduca en 15 minutos. Al cambiarla se cerrarán todas tus sesiones.',
    action: 'Elegir una contraseña nueva',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    ignore: 'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.',
  },
  en: {
    subject: `Reset your ${PRODUCT_NAME} password`,
    greeting: (name) => `Hi ${name},`,
    body: 'We received a request to reset your password. The link works once and expires in 15 minutes. Changing your password signs you out everywhere.',
    action: 'Choose a new password',
    fallback: 'If the button does not work, copy this link into your browser:',
    ignore: 'If you did not ask for this, ignore this message: your password stays the same.',
  },
}

export function renderVerificationMail(input: LinkMailInput): MailContent {
  return renderLinkMail(VERIFICATION[input.lang], input)
}

export function renderPasswordResetMail(input: LinkMailInput): MailContent {
  return renderLinkMail(PASSWORD_RESET[input.lang], input)
}

function renderLinkMail(copy: Copy, { lang, name, link }: LinkMailInput): MailContent {
  const text = [
    copy.greeting(name),
    '',
    copy.body,
    '',
    `${copy.action}: ${link}`,
    '',
    copy.ignore,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n')

  const html = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(copy.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#1d4ed8">${PRODUCT_NAME}</p>
<p>${escapeHtml(copy.greeting(name))}</p>
<p>${escapeHtml(copy.body)}</p>
<p style="margin:32px 0"><a href="${escapeHtml(link)}" style="background:#c6f432;color:#0f172a;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(copy.action)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(copy.fallback)}<br><a href="${escapeHtml(link)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(copy.ignore)}</p>
</div>
</body>
</html>`

  return { subject: copy.subject, text, html }
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
