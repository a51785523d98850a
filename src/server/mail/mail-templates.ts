// The account e-mails in the recipient's language (en/es), each in the one mail layout
// (mail-layout.ts): HTML with every value escaped, and a plain-text alternative. Links are only
// ever our own PUBLIC_URL pages.
import type { Language } from '#shared/schemas/auth'
import { PRODUCT_NAME, renderMailLayout, type MailContent } from './mail-layout'

export { escapeHtml, PRODUCT_NAME, type MailContent } from './mail-layout'

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
  ignore: string
}

const VERIFICATION: Record<Language, Copy> = {
  es: {
    subject: `Confirma tu correo en ${PRODUCT_NAME}`,
    greeting: (name) => `Hola, ${name}:`,
    body: `Gracias por unirte a ${PRODUCT_NAME}. Confirma tu dirección de correo para activar tu cuenta y recibir tus monedas de bienvenida. El enlace caduca en 1 hora.`,
    action: 'Confirmar mi correo',
    ignore: 'Si no has creado una cuenta, ignora este mensaje.',
  },
  en: {
    subject: `Confirm your e-mail for ${PRODUCT_NAME}`,
    greeting: (name) => `Hi ${name},`,
    body: `Thanks for joining ${PRODUCT_NAME}. Confirm your e-mail address to activate your account and receive your welcome coins. The link expires in 1 hour.`,
    action: 'Confirm my e-mail',
    ignore: 'If you did not create an account, you can ignore this message.',
  },
}

const PASSWORD_RESET: Record<Language, Copy> = {
  es: {
    subject: `Restablece tu contraseña de ${PRODUCT_NAME}`,
    greeting: (name) => `Hola, ${name}:`,
    body: 'Hemos recibido una solicitud para restablecer tu contraseña. El enlace sirve una sola vez y caduca en 15 minutos. Al cambiarla se cerrarán todas tus sesiones.',
    action: 'Elegir una contraseña nueva',
    ignore: 'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.',
  },
  en: {
    subject: `Reset your ${PRODUCT_NAME} password`,
    greeting: (name) => `Hi ${name},`,
    body: 'We received a request to reset your password. The link works once and expires in 15 minutes. Changing your password signs you out everywhere.',
    action: 'Choose a new password',
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
  return renderMailLayout({
    lang,
    subject: copy.subject,
    greeting: copy.greeting(name),
    paragraphs: [copy.body],
    action: { label: copy.action, link },
    note: copy.ignore,
  })
}
