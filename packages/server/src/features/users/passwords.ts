import { hash, verify } from '@node-rs/argon2';

/** Argon2id; the type's `Algorithm` is an ambient const enum, which isolatedModules cannot read, so its value is spelt out. */
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verify against a throwaway hash, so an unknown email costs as much time as a wrong password. */
export async function verifyDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy password for timing');
  await verifyPassword(await dummyHash, password);
}
