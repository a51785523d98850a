import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z } from 'zod'
import { AppError } from '#server/errors'

export interface ValidationIssue {
  path: string
  code: string
  message: string
}

/**
 * zValidator with our error body: invalid input throws AppError('VALIDATION_FAILED') with the
 * issues as details. Throwing (instead of returning the validator's default 400) also keeps that
 * 400 out of the RPC response types the web sees.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      throw new AppError('VALIDATION_FAILED', undefined, { issues: toIssues(result.error.issues) })
    }
  })
}

function toIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    code: issue.code,
    message: issue.message,
  }))
}
