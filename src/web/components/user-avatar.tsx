import { createAvatar } from '@dicebear/core'
import { thumbs } from '@dicebear/collection'
import { useMemo } from 'react'
import { cn } from '#web/lib/cn'

/**
 * An avatar drawn in the browser from the username (DiceBear "thumbs", CC0): the same name always
 * gives the same picture, and no request leaves for a third-party avatar service (docs/product.md "Where we differ from the seed on purpose"). It
 * is an <img> with a data: URI, which the CSP allows (img-src data:).
 */
export function UserAvatar({
  username,
  alt,
  size = 'lg',
  className,
}: {
  username: string
  alt: string
  /** sm: 32 px, for a line of a list; lg: 80 px, for a profile. */
  size?: 'sm' | 'lg'
  className?: string
}) {
  const src = useMemo(
    () => createAvatar(thumbs, { seed: username, radius: 50, size: 128 }).toDataUri(),
    [username],
  )
  return (
    <img
      src={src}
      alt={alt}
      width={128}
      height={128}
      className={cn(
        size === 'sm' ? 'size-8' : 'size-20',
        'shrink-0 rounded-full bg-surface-2',
        className,
      )}
    />
  )
}
