import { Fragment } from 'react'
import { splitLinks } from '../split-links'

/** Plain text with its http(s) links as real links. */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.isLink ? (
          <a
            key={index}
            href={part.text}
            className="font-semibold break-all text-brand underline underline-offset-4"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  )
}
