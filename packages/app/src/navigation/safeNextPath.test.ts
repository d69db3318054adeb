import { describe, expect, it } from 'vitest';
import { safeNextPath, withNext } from './safeNextPath';

describe('safeNextPath', () => {
  it.each([
    ['/invitations/abc', '/invitations/abc'],
    ['/dashboard?x=1#top', '/dashboard?x=1#top'],
    ['/a/../team', '/team'],
    // Encoded characters stay encoded: a path segment, nothing more.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('keeps the app path %s', (next, kept) => {
    expect(safeNextPath(next)).toBe(kept);
  });

  it.each([
    null,
    undefined,
    '',
    'dashboard',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\tjavascript:alert(1)',
    '/a\nb',
    'javascript:alert(1)',
    `/${'a'.repeat(2001)}`,
  ])('refuses %j', (next) => {
    expect(safeNextPath(next)).toBeNull();
  });

  it('withNext builds the link back', () => {
    expect(withNext('/register', '/invitations/t1', { email: 'a+b@example.com' })).toBe(
      '/register?email=a%2Bb%40example.com&next=%2Finvitations%2Ft1',
    );
  });
});
