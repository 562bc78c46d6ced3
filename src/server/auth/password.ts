import { type Algorithm, hash, verify } from '@node-rs/argon2'

/** `Algorithm.Argon2id`; the enum is a const enum that isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm

// OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane; each hash gets its own random salt.
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** Compared against when the email is unknown, so both login failures take the same time. */
let decoyHash: Promise<string> | undefined
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy password that never matches')
  return decoyHash
}
