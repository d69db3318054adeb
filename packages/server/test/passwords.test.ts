import { describe, expect, it } from 'vitest';
import { createPasswords } from '../src/features/users/passwords';

describe('passwords at each cost (PASSWORD_HASH_COST)', () => {
  it('hashes at its own cost and verifies a hash made at the other, which names its parameters', async () => {
    const standard = createPasswords('standard');
    const minimal = createPasswords('minimal');
    const strong = await standard.hashPassword('correct horse');
    const light = await minimal.hashPassword('correct horse');
    expect(strong).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(light).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await minimal.verifyPassword(strong, 'correct horse')).toBe(true);
    expect(await standard.verifyPassword(light, 'correct horse')).toBe(true);
    expect(await standard.verifyPassword(light, 'wrong horse')).toBe(false);
    expect(await minimal.verifyPassword('not a hash', 'correct horse')).toBe(false);
  });
});
