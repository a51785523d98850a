import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { escapeHtml } from '#server/mail/mail-layout'
import { withShareTags } from './share-page'

const shell = readFileSync('index.html', 'utf8')

// String.prototype.replace reads `$'`, `` $` ``, `$&`, `$$` and `$1` in a replacement string as
// patterns: a title that carried one would copy parts of the document into the tags.
const PATTERN_NAMES = [`Cup $' after`, 'Cup $` before', 'Cup $& match', 'Cup $$ dollars', 'Cup $1']

describe('the share page tags', () => {
  it.each(PATTERN_NAMES)('keep a title with %s as written', (name) => {
    const html = withShareTags(shell, {
      lang: 'en',
      title: `${name} — fan entered`,
      description: `${name} description`,
      url: 'http://golden-point.test/share/x',
      image: 'http://golden-point.test/api/share/x/image.png?lang=en',
    })
    const titles = [...html.matchAll(/<meta property="og:title" content="([^"]*)"/g)]
    expect(titles.map((match) => match[1])).toEqual([
      escapeHtml(`${name} — fan entered | Golden Point`),
    ])
    expect(html).toContain(`<title>${escapeHtml(`${name} — fan entered | Golden Point`)}</title>`)
    expect(html).toContain(`content="${escapeHtml(`${name} description`)}"`)
    // The document around the tags is the shell's, once: nothing was copied into the head.
    expect(html.match(/<\/head>/g)).toHaveLength(1)
    expect(html.match(/<div id="root"><\/div>/g)).toHaveLength(1)
    expect(html.match(/<html /g)).toHaveLength(1)
  })
})
