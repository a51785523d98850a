import { describe, expect, it } from 'vitest'
import { renderMailLayout } from './mail-layout'
import { compileMail } from './mail-template'

describe('a mail compiled once and filled per recipient', () => {
  const render = ({ name, link }: { name: string; link: string }) =>
    renderMailLayout({
      lang: 'en',
      subject: `For ${name}`,
      greeting: `Hi ${name},`,
      paragraphs: ['Fixed text & more.'],
      action: { label: 'Go', link: 'https://gp.example/go?a=1&b=2' },
      note: `Sent to ${name} (${name})`,
      unsubscribeLink: link,
    })

  it('is the full render, values raw in the subject and text and escaped in the HTML', () => {
    const fill = compileMail(['name', 'link'], render)
    for (const values of [
      { name: 'Ana', link: 'https://gp.example/unsubscribe?token=u1.a.b' },
      { name: `O'Brien <b>&"x"`, link: 'https://gp.example/u?token=a&x=<y>' },
      // Replacement patterns of String.replace must stay literal.
      { name: "$1 $& $` $' $$", link: 'https://gp.example/u?token=$1' },
      { name: 'José Ñúñez 🎾', link: 'https://gp.example/u?token=ñ' },
    ]) {
      expect(fill(values)).toEqual(render(values))
    }
    expect(fill({ name: '<b>', link: 'l' }).html).toContain('Hi &lt;b&gt;,')
    expect(fill({ name: '<b>', link: 'l' }).text).toContain('Hi <b>,')
  })

  it('refuses a render that cuts a value, rather than fill it wrongly', () => {
    expect(() =>
      compileMail(['name'], ({ name }) => ({ subject: name.slice(0, 2), text: '', html: '' })),
    ).toThrow(/placeholder/)
  })
})
