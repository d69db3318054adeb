import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../src';

describe('isValidEmail', () => {
  it.each([
    'jane@example.com',
    'jane.doe+stock@shop.co.uk',
    'a@b.io',
    '"quoted local"@example.com',
    'admin@[192.168.0.1]',
    'UPPER@EXAMPLE.ORG',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'plain',
    '@example.com',
    'jane@',
    'jane@example',
    'jane@example.c',
    'jane@example.c0m',
    'jane doe@example.com',
    'jane@@example.com',
    'jane..doe@example.com',
    '.jane@example.com',
    'jane@exa mple.com',
    'jane@[192.168.0]',
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});
