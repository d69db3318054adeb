import { DEFAULT_AVATAR_PATH } from '@inventory/contract';
import { describe, expect, it } from 'vitest';
import { photoSrc } from './photo';

describe('photoSrc', () => {
  it('shows no photo (the initials) for none and for the default avatar the API answers', () => {
    for (const photo of [
      undefined,
      null,
      '',
      `http://localhost:3000${DEFAULT_AVATAR_PATH}`,
      `https://api.example.com${DEFAULT_AVATAR_PATH}`,
      DEFAULT_AVATAR_PATH,
    ]) {
      expect(photoSrc(photo), String(photo)).toBeUndefined();
    }
  });

  it('loads an absolute photo as given', () => {
    expect(photoSrc('https://api.example.com/uploads/a.png')).toBe('https://api.example.com/uploads/a.png');
    expect(photoSrc('https://images.example.com/me.png')).toBe('https://images.example.com/me.png');
  });
});
