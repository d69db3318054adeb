import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashCost } from '../../config';

/** Argon2id; the type's `Algorithm` is an ambient const enum, which isolatedModules cannot read, so its value is spelt out. */
const ARGON2ID = 2;

/**
 * Argon2id's parameters per cost (config.ts, PASSWORD_HASH_COST): `standard` is OWASP's minimum for Argon2id (19 MiB,
 * 2 passes, 1 lane; the library's defaults, spelt out); `minimal` the smallest the algorithm takes, for test suites.
 */
export const ARGON2_PARAMETERS: Record<PasswordHashCost, { memoryCost: number; timeCost: number; parallelism: number }> = {
  standard: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  minimal: { memoryCost: 8, timeCost: 1, parallelism: 1 },
};

/** Hashing and checking passwords at one cost. A hash carries its parameters, so it is verified at its own cost. */
export function createPasswords(cost: PasswordHashCost = 'standard') {
  const parameters = { algorithm: ARGON2ID, ...ARGON2_PARAMETERS[cost] };
  const hashPassword = (password: string): Promise<string> => hash(password, parameters);

  async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  let dummyHash: Promise<string> | undefined;
  /** Verify against a throwaway hash, so an unknown email costs as much time as a wrong password. */
  async function verifyDummy(password: string): Promise<void> {
    dummyHash ??= hashPassword('dummy password for timing');
    await verifyPassword(await dummyHash, password);
  }

  return { hashPassword, verifyPassword, verifyDummy };
}

export type Passwords = ReturnType<typeof createPasswords>;
