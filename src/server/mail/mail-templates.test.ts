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
