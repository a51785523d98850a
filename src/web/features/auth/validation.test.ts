import { describe, expect, it } from 'vitest'
import { PASSWORD_MIN_LENGTH as SERVER_PASSWORD_MIN_LENGTH } from '#shared/schemas/auth'
import {
  invalidFields,
  PASSWORD_MIN_LENGTH,
  validateForgotPassword,
  validateLogin,
  validateRegister,
  validateResetPassword,
} from './validation'

const GOOD_PASSWORD = 'padel-2026'
const register = {
  username: 'ana_padel',
  email: 'ana@example.com',
  password: GOOD_PASSWORD,
  confirmPassword: GOOD_PASSWORD,
}

describe('validateLogin (docs/product.md "Validation")', () => {
  it('accepts an e-mail and a password', () => {
    expect(validateLogin({ email: 'ana@example.com', password: 'x' })).toBeNull()
  })

  it('error_all_fields when the e-mail or the password is missing', () => {
    expect(validateLogin({ email: '', password: 'secret' })).toBe('error_all_fields')
    expect(validateLogin({ email: '   ', password: 'secret' })).toBe('error_all_fields')
    expect(validateLogin({ email: 'ana@example.com', password: '' })).toBe('error_all_fields')
  })

  it('error_invalid_email when the e-mail has no at sign', () => {
    expect(validateLogin({ email: 'ana.example.com', password: 'secret' })).toBe(
      'error_invalid_email',
    )
  })
})

describe('validateRegister (docs/product.md "Validation", with our minimum of 8)', () => {
  it("uses the server's minimum of 8 (docs/product.md “Where we differ from the seed on purpose”), not the spec's 3", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8)
    expect(PASSWORD_MIN_LENGTH).toBe(SERVER_PASSWORD_MIN_LENGTH)
  })

  it('accepts a complete, matching form', () => {
    expect(validateRegister(register)).toBeNull()
  })

  it('error_all_fields when any of the four fields is empty', () => {
    for (const field of ['username', 'email', 'password', 'confirmPassword'] as const) {
      expect(validateRegister({ ...register, [field]: '' }), field).toBe('error_all_fields')
    }
    expect(validateRegister({ ...register, username: '  ' })).toBe('error_all_fields')
  })

  it('error_invalid_email when the e-mail has no at sign', () => {
    expect(validateRegister({ ...register, email: 'ana.example.com' })).toBe('error_invalid_email')
  })

  it('error_password_mismatch when the confirmation differs', () => {
    expect(validateRegister({ ...register, confirmPassword: `${GOOD_PASSWORD}!` })).toBe(
      'error_password_mismatch',
    )
  })

  it(`error_password_length below ${PASSWORD_MIN_LENGTH} characters, not at it`, () => {
    const short = 'a'.repeat(PASSWORD_MIN_LENGTH - 1)
    const exact = 'a'.repeat(PASSWORD_MIN_LENGTH)
    expect(validateRegister({ ...register, password: short, confirmPassword: short })).toBe(
      'error_password_length',
    )
    expect(validateRegister({ ...register, password: exact, confirmPassword: exact })).toBeNull()
  })

  it('checks the rules in the spec order: missing, e-mail, mismatch, length', () => {
    expect(validateRegister({ ...register, email: 'nope', password: '' })).toBe('error_all_fields')
    expect(validateRegister({ ...register, email: 'nope', confirmPassword: 'x' })).toBe(
      'error_invalid_email',
    )
    expect(validateRegister({ ...register, password: 'short', confirmPassword: 'other' })).toBe(
      'error_password_mismatch',
    )
  })
})

describe('validateForgotPassword (docs/product.md "Validation")', () => {
  it('accepts an e-mail', () => {
    expect(validateForgotPassword({ email: 'ana@example.com' })).toBeNull()
  })

  it('error_all_fields when the e-mail is missing', () => {
    expect(validateForgotPassword({ email: ' ' })).toBe('error_all_fields')
  })

  it('error_invalid_email when the e-mail has no at sign', () => {
    expect(validateForgotPassword({ email: 'ana' })).toBe('error_invalid_email')
  })
})

describe('validateResetPassword (docs/product.md "Validation", with our minimum of 8)', () => {
  const reset = { password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD }

  it('accepts two matching passwords of the minimum length', () => {
    expect(validateResetPassword(reset)).toBeNull()
  })

  it('error_all_fields when either field is empty', () => {
    expect(validateResetPassword({ ...reset, password: '' })).toBe('error_all_fields')
    expect(validateResetPassword({ ...reset, confirmPassword: '' })).toBe('error_all_fields')
  })

  it('error_password_mismatch when they differ', () => {
    expect(validateResetPassword({ ...reset, confirmPassword: 'padel-2027' })).toBe(
      'error_password_mismatch',
    )
  })

  it('error_password_length when shorter than the minimum', () => {
    expect(validateResetPassword({ password: 'abc1234', confirmPassword: 'abc1234' })).toBe(
      'error_password_length',
    )
  })
})

describe('invalidFields', () => {
  it('points at the blank fields, the e-mail, the confirmation or the password', () => {
    expect(
      invalidFields('error_all_fields', { ...register, email: '', confirmPassword: '' }),
    ).toEqual(['email', 'confirmPassword'])
    expect(invalidFields('error_invalid_email', register)).toEqual(['email'])
    expect(invalidFields('error_password_mismatch', register)).toEqual(['confirmPassword'])
    expect(invalidFields('error_password_length', register)).toEqual(['password'])
    expect(invalidFields(null, register)).toEqual([])
  })

  it('names only fields the form has', () => {
    expect(invalidFields('error_password_mismatch', { email: 'a' })).toEqual([])
  })
})
