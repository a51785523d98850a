// Password hashing for better-auth (emailAndPassword.password): argon2id with OWASP's minimum
// parameters (m = 19 MiB, t = 2, p = 1) instead of better-auth's lighter scrypt default.
import { hash, verify, type Algorithm } from '@node-rs/argon2'

// Algorithm is a const enum in the package's types, which isolatedModules cannot read: 2 = Argon2id.
const ARGON2ID = 2 as Algorithm

export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

/** A PHC string `$argon2id$v=19$m=19456,t=2,p=1$salt$hash` with a fresh random salt. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

/** Checks a password against a stored PHC string; a malformed or foreign hash is a mismatch. */
export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string
  password: string
}): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}
