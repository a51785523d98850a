// Pieces the admin input schemas share.
import { z } from 'zod'

/** An ISO date-time; blank counts as missing so the form's "required" message shows. */
export const requiredDateTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((value) => value === '' || !Number.isNaN(Date.parse(value)), {
      message: 'Invalid date/time',
    })

export const id = (message = 'Required') => z.string({ error: message }).trim().min(1, message)
export const optionalId = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value === '' || value === undefined ? null : value))
