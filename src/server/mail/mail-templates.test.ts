import { describe, expect, it } from 'vitest'
import { escapeHtml, renderPasswordResetMail, renderVerificationMail } from './mail-templates'

const link = 'https://golden-point.example/email-confirmation?token=abc.def&x=1'

describe('account e-mails', () => {
  it('come in Spanish and English with the product name, text and HTML', () => {
    const es = renderVerificationMail({ lang: 'es', name: 'Ana', link })
    const en = renderVerificationMail({ lang: 'en', name: 'Ana', link })
    expect(es.subject).toBe('Confirma tu correo en Golden Point')
    expect(en.subject).toBe('Confirm your e-mail for Golden Point')
    for (const mail of [es, en]) {
      expect(mail.text).toContain(link)
      expect(mail.text).toContain('Golden Point')
      expect(mail.html).toContain('Golden Point')
      expect(mail.html).toContain(`href="${escapeHtml(link)}"`)
    }
    const reset = renderPasswordResetMail({ lang: 'es', name: 'Ana', link })
    expect(reset.subject).toBe('Restablece tu contraseña de Golden Point')
    expect(reset.text).toContain('15 minutos')
  })

  it('all share one layout, in both languages: logo, colours, one button, a plain-text twin', () => {
    const footers = { es: 'pronósticos de cuadros de pádel', en: 'padel bracket predictions' }
    const fallbacks = {
      es: 'Si el botón no funciona, copia este enlace en tu navegador:',
      en: 'If the button does not work, copy this link into your browser:',
    }
    for (const lang of ['es', 'en'] as const) {
      for (const render of [renderVerificationMail, renderPasswordResetMail]) {
        const mail = render({ lang, name: 'Ana', link })
        const other = lang === 'es' ? 'en' : 'es'
        expect(mail.html).toContain(`<html lang="${lang}">`)
        // The wordmark with its ball on the court-blue header.
        expect(mail.html).toContain('background:#1c4a80')
        expect(mail.html).toContain('border-radius:9px;background:#d5ee3f')
        expect(mail.html).toMatch(/>Golden Point<\/span>/)
        // Exactly one button (in the ball's colour), plus the same link spelled out.
        expect(mail.html.match(/border-radius:999px;background:#d5ee3f/g)).toHaveLength(1)
        expect(mail.html.split(`href="${escapeHtml(link)}"`)).toHaveLength(3)
        expect(mail.html).toContain(escapeHtml(fallbacks[lang]))
        expect(mail.html).not.toContain(escapeHtml(fallbacks[other]))
        expect(mail.html).toContain(footers[lang])
        expect(mail.html).not.toContain(footers[other])
        // The plain-text alternative carries the same message: greeting, link and footer.
        expect(mail.text.startsWith('GOLDEN POINT\n\n')).toBe(true)
        expect(mail.text).toContain(lang === 'es' ? 'Hola, Ana:' : 'Hi Ana,')
        expect(mail.text).toContain(link)
        expect(mail.text).toContain(footers[lang])
        expect(mail.text).not.toContain('<')
      }
    }
  })

  it('escape what they show in HTML', () => {
    const mail = renderVerificationMail({
      lang: 'en',
      name: '<img src=x onerror=alert(1)>',
      link: 'https://golden-point.example/x?token="><script>',
    })
    expect(mail.html).not.toContain('<img')
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(mail.html).toContain('&quot;&gt;&lt;script&gt;')
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;')
  })
})
