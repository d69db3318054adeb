import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token: 32 bytes (256 bits), base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** sha256 hex of a token (the only form tokens are stored in) or of bytes. */
export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}
