import { describe, expect, it } from 'vitest';
import { apiAssetUrl } from './apiAssetUrl';

describe('apiAssetUrl', () => {
  it('puts uploads on the API origin when one is configured', () => {
    expect(apiAssetUrl('/uploads/a.png', '')).toBe('/uploads/a.png');
    expect(apiAssetUrl('/uploads/a.png', 'https://api.example.com/')).toBe('https://api.example.com/uploads/a.png');
    expect(apiAssetUrl('https://cdn.example.com/a.png', 'https://api.example.com')).toBe(
      'https://cdn.example.com/a.png',
    );
  });
});
