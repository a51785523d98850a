import { describe, expect, it } from 'vitest'
import { splitLinks } from './split-links'

describe('splitLinks', () => {
  it('finds the http(s) links in an e-mail text and keeps the rest as text', () => {
    const text = 'Hola:\nhttp://127.0.0.1:3000/email-confirmation?token=a.b-c_d\nGracias.'
    expect(splitLinks(text)).toEqual([
      { text: 'Hola:\n', isLink: false },
      { text: 'http://127.0.0.1:3000/email-confirmation?token=a.b-c_d', isLink: true },
      { text: '\nGracias.', isLink: false },
    ])
  })

  it('does not take a closing bracket or quote into the link', () => {
    expect(splitLinks('(see https://example.com/x)')).toEqual([
      { text: '(see ', isLink: false },
      { text: 'https://example.com/x', isLink: true },
      { text: ')', isLink: false },
    ])
  })

  it('leaves javascript: and other schemes as plain text', () => {
    expect(splitLinks('javascript:alert(1)')).toEqual([
      { text: 'javascript:alert(1)', isLink: false },
    ])
  })
})
