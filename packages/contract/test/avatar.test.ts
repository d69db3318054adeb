import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_PATH, isDefaultAvatar } from '../src';

describe('isDefaultAvatar', () => {
  it('recognises the default avatar absolute on any origin or path prefix, or bare', () => {
    expect(isDefaultAvatar(DEFAULT_AVATAR_PATH)).toBe(true);
    expect(isDefaultAvatar(`http://localhost:3000${DEFAULT_AVATAR_PATH}`)).toBe(true);
    expect(isDefaultAvatar(`https://shop.example.com/inventory${DEFAULT_AVATAR_PATH}`)).toBe(true);
  });
  it('is false for a photo of the user', () => {
    for (const photo of [
      '',
      null,
      undefined,
      'https://x.example.com/me.png',
      'http://localhost:3000/uploads/a.png',
      `${DEFAULT_AVATAR_PATH}?v=2`,
      'not a url',
    ]) {
      expect(isDefaultAvatar(photo), String(photo)).toBe(false);
    }
  });
});
