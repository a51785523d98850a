import type { ButtonHTMLAttributes } from 'react'
import { Link, type LinkProps } from 'react-router'
import { cn } from '#web/lib/cn'

export type ButtonVariant =
  'accent' | 'primary' | 'secondary' | 'ghost' | 'inverse' | 'danger' | 'danger-outline'
export type ButtonSize = 'sm' | 'md' | 'lg'

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap ' +
  'transition-colors motion-reduce:transition-none disabled:cursor-not-allowed disabled:opacity-60 ' +
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-60'

const variants: Record<ButtonVariant, string> = {
  // The ball's yellow-green: the one accent, kept for calls to action.
  accent: 'bg-accent text-on-accent hover:bg-accent-hover shadow-sm',
  primary: 'bg-brand-solid text-on-brand hover:bg-brand-solid-hover',
  secondary: 'border border-line bg-surface text-fg hover:bg-surface-2',
  ghost: 'text-fg hover:bg-surface-2',
  // For use on the court-blue hero, in both themes.
  inverse: 'border border-white/40 text-white hover:bg-white/10',
  // What cannot be undone (cancelling a tournament): the confirming button, and the one that asks.
  danger: 'bg-danger text-surface hover:opacity-90',
  'danger-outline': 'border border-danger bg-surface text-danger hover:bg-danger/10',
}

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-5 text-sm',
  lg: 'min-h-12 px-6 text-base',
}

export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
): string {
  return cn(base, variants[variant], sizes[size], className)
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: ButtonSize
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant
  size?: ButtonSize
}

/** A router link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return (
    <Link
      className={buttonClasses(variant, size, typeof className === 'string' ? className : '')}
      {...props}
    />
  )
}
