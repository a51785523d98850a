import { describe, expect, it } from 'vitest'
import { renderMailLayout } from './mail-layout'
import {
  readUnsubscribeToken,
  unsubscribeHeaders,
  unsubscribeLinks,
  unsubscribeToken,
  unsubscribeUrl,
} from './unsubscribe-links'

const env = { PUBLIC_URL: 'https://gp.example', BETTER_AUTH_SECRET: 'x'.repeat(40) }

function tokenOf(url: string): string {
  return new URL(url).searchParams.get('token')!
}

describe('unsubscribe links', () => {
  it('gives the RFC 8058 headers and a page link naming the fan and the kind', () => {
    const links = unsubscribeLinks(env, 'user-1', 'reminders')
    expect(links.headers).toEqual({
      'List-Unsubscribe': `<${links.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    expect(links.oneClickUrl).toMatch(/^https:\/\/gp\.example\/api\/unsubscribe\?token=u1\./)
    expect(links.pageUrl).toMatch(/^https:\/\/gp\.example\/unsubscribe\?token=u1\./)
    expect(unsubscribeHeaders(env, 'user-1', 'reminders')).toEqual(links.headers)
    expect(unsubscribeUrl(env, 'user-1', 'reminders')).toBe(links.pageUrl)
    expect(readUnsubscribeToken(env.BETTER_AUTH_SECRET, tokenOf(links.pageUrl))).toEqual({
      userId: 'user-1',
      kind: 'reminders',
    })
  })

  it('refuses a token with another kind, user, signature or secret', () => {
    const token = unsubscribeToken(env.BETTER_AUTH_SECRET, 'user-1', 'results')
    const [version, , user, signature] = token.split('.')
    const otherUser = Buffer.from('user-2').toString('base64url')
    const forged = [
      `${version}.reminders.${user}.${signature}`,
      `${version}.results.${otherUser}.${signature}`,
      `${version}.results.${user}.${signature!.slice(0, -2)}AA`,
      `${version}.results.${user}.${signature}!`,
      `${version}.results.${user}`,
      `u2.results.${user}.${signature}`,
      '',
      'garbage',
    ]
    for (const candidate of forged) {
      expect(readUnsubscribeToken(env.BETTER_AUTH_SECRET, candidate)).toBeNull()
    }
    expect(readUnsubscribeToken('y'.repeat(40), token)).toBeNull()
  })

  it('puts a visible unsubscribe link in both parts of a mail, in its language', () => {
    const link = unsubscribeUrl(env, 'user-1', 'results')
    const mail = renderMailLayout({
      lang: 'es',
      subject: 'S',
      greeting: 'Hola',
      paragraphs: ['P'],
      action: { label: 'A', link: 'https://gp.example/x' },
      note: 'N',
      unsubscribeLink: link,
    })
    expect(mail.text).toContain(`No quiero recibir más correos como este: ${link}`)
    expect(mail.html).toContain(`href="${link}"`)
  })
})
