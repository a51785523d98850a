// Every mail's Message-ID comes from its outbox row (decision 091): a mail that goes out twice
// (SMTP is at least once, a crash can fall between the server's answer and our record of it)
// carries the same Message-ID both times, which mail clients and servers recognise as one message.

const FALLBACK_DOMAIN = 'golden-point.invalid'

/** The domain of the sender's address in `Name <user@domain>` or `user@domain`. */
function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from
  const domain = address.slice(address.lastIndexOf('@') + 1).trim()
  return address.includes('@') && /^[A-Za-z0-9.-]+$/.test(domain) ? domain : FALLBACK_DOMAIN
}

export function outboxMessageId(outboxId: string, from: string): string {
  return `<mail-${outboxId}@${senderDomain(from)}>`
}
