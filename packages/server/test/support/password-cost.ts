/**
 * Suites register hundreds of users, so they hash passwords at the minimal cost, except a server with an https public
 * URL, which refuses it (config.ts). The production cost is proved by security/auth.test.ts.
 */
export const minimalHashing = (env: Record<string, string | undefined>): Record<string, string> =>
  env.PUBLIC_URL?.startsWith('https:') ? {} : { PASSWORD_HASH_COST: 'minimal' };
