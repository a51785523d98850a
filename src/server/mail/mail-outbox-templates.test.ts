// A wave written from a template (decision 176) on both databases: the outbox keeps the text and
// HTML once and each mail's values, and the worker hands the transport the very bytes of the
// filled template, values raw in the subject and text and escaped in the HTML; a claim resolves
// the templates of every row it takes, and mails of both kinds go out side by side.
import { beforeEach, describe, expect, it } from 'vitest'
import { createTestEnv } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { mailOutbox, mailTemplates } from '#server/db/schema'
import { createLogger } from '#server/logger'
import { renderMailLayout } from './mail-layout'
import { compileMailTemplate, fillMailTemplate } from './mail-template'
import { insertTemplatedMails } from './mail-outbox'
import { createMailer, type DeliverableMail } from './mailer'

const quietLogger = createLogger(createTestEnv({ LOG_LEVEL: 'silent' }))

const templateIn = (lang: 'en' | 'es') =>
  compileMailTemplate(['name', 'link'], ({ name, link }) =>
    renderMailLayout({
      lang,
      subject: lang === 'en' ? `For ${name}` : `Para ${name}`,
      greeting: `${lang === 'en' ? 'Hi' : 'Hola'} ${name},`,
      paragraphs: ['Fixed text & <more>.'],
      action: { label: 'Go', link: 'https://gp.example/go?a=1&b=2' },
      note: `Sent to ${name}`,
      unsubscribeLink: link,
    }),
  )

describe.each(testDatabaseKinds)('templated mails in the outbox on %s', (kind) => {
  const database = useTestDatabase(kind)
  beforeEach(async () => {
    await database().db.delete(mailOutbox)
  })

  it('sends each mail the bytes of its filled template, beside a mail stored whole', async () => {
    const { db } = database()
    const english = templateIn('en')
    const spanish = templateIn('es')
    const fans = [
      {
        to: 'ana@example.test',
        values: { name: `O'Brien <b>&"x"`, link: 'https://gp.example/u?t=a&x=<y>' },
      },
      {
        to: 'bo@example.test',
        values: { name: "$1 $& $` $' $$", link: 'https://gp.example/u?t=$1' },
      },
      {
        to: 'cy@example.test',
        values: { name: 'José Ñúñez 🎾', link: 'https://gp.example/u?t=ñ' },
      },
    ]
    const headers = { 'List-Unsubscribe': '<https://gp.example/api/unsubscribe?token=t>' }
    await db.transaction((tx) =>
      insertTemplatedMails(tx, [
        { template: english, mails: fans.slice(0, 2).map((fan) => ({ ...fan, headers })) },
        { template: spanish, mails: [{ ...fans[2]!, link: 'https://gp.example/t/1' }] },
        { template: spanish, mails: [] },
      ]),
    )
    await insertTemplatedMails(db, [])
    expect(await db.$count(mailTemplates)).toBeGreaterThanOrEqual(2)
    const sent: DeliverableMail[] = []
    const mailer = createMailer({
      env: createTestEnv(),
      db,
      logger: quietLogger,
      send: async (mail) => {
        sent.push(mail)
      },
      timing: { batchSize: 2 },
    })
    await mailer.enqueue(db, {
      to: 'whole@example.test',
      subject: 'S',
      text: 'T',
      html: '<p>H</p>',
    })
    await mailer.idle()

    const byAddress = new Map(sent.map(({ messageId: _, ...mail }) => [mail.to, mail]))
    expect(sent).toHaveLength(4)
    expect(byAddress.get('ana@example.test')).toEqual({
      to: 'ana@example.test',
      ...fillMailTemplate(english, fans[0]!.values),
      headers,
    })
    expect(byAddress.get('bo@example.test')).toEqual({
      to: 'bo@example.test',
      ...fillMailTemplate(english, fans[1]!.values),
      headers,
    })
    expect(byAddress.get('cy@example.test')).toEqual({
      to: 'cy@example.test',
      ...fillMailTemplate(spanish, fans[2]!.values),
      link: 'https://gp.example/t/1',
      headers: {},
    })
    expect(byAddress.get('cy@example.test')!.html).toContain('Hola José Ñúñez 🎾,')
    expect(byAddress.get('ana@example.test')!.html).toContain('O&#39;Brien &lt;b&gt;')
    expect(byAddress.get('whole@example.test')).toMatchObject({
      subject: 'S',
      text: 'T',
      html: '<p>H</p>',
    })
  })
})
