import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  firstIssueMessage,
  forgotSchema,
  LIMITS,
  loginSchema,
  MESSAGES,
  registerSchema,
  resetSchema,
  updateUserSchema,
} from '../src';
import type { z } from 'zod';

function messageOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : firstIssueMessage(result.error);
}

describe("server request schemas give the forms' messages", () => {
  it('register: required, length, email', () => {
    expect(messageOf(registerSchema, {})).toBe(MESSAGES.allFieldsRequired);
    expect(messageOf(registerSchema, { name: 'J', email: 'j@x.io', password: '' })).toBe(MESSAGES.allFieldsRequired);
    expect(messageOf(registerSchema, { name: 'J', email: 'j@x.io', password: '12345' })).toBe(
      MESSAGES.passwordTooShort,
    );
    expect(messageOf(registerSchema, { name: 'J', email: 'nope', password: '123456' })).toBe(MESSAGES.invalidEmail);
    expect(messageOf(registerSchema, { name: 'J', email: 'J@X.io', password: '123456' })).toBeNull();
  });

  it('register lowercases and trims the email', () => {
    expect(registerSchema.parse({ name: ' Jane ', email: ' Jane@Example.COM ', password: '123456' })).toEqual({
      name: 'Jane',
      email: 'jane@example.com',
      password: '123456',
    });
  });

  it('refuses unknown keys and non-objects', () => {
    expect(messageOf(registerSchema, { name: 'J', email: 'j@x.io', password: '123456', _id: 'x' })).toBe(
      'Unexpected field: _id',
    );
    expect(messageOf(loginSchema, 'a string')).toBe('Request body must be a JSON object');
    expect(messageOf(loginSchema, null)).toBe('Request body must be a JSON object');
  });

  it('bounds every text', () => {
    const long = 'x'.repeat(LIMITS.name + 1);
    expect(messageOf(registerSchema, { name: long, email: 'j@x.io', password: '123456' })).toBe(
      MESSAGES.fieldTooLong('Name', LIMITS.name),
    );
    expect(messageOf(loginSchema, { email: 'j@x.io', password: 'p'.repeat(LIMITS.password + 1) })).toBe(
      MESSAGES.fieldTooLong('Password', LIMITS.password),
    );
    expect(messageOf(updateUserSchema, { bio: 'b'.repeat(LIMITS.bio + 1) })).toBe(
      MESSAGES.fieldTooLong('Bio', LIMITS.bio),
    );
  });

  it('forgot and reset', () => {
    expect(messageOf(forgotSchema, { email: '' })).toBe(MESSAGES.emailRequired);
    expect(messageOf(forgotSchema, { email: 'bad' })).toBe(MESSAGES.invalidEmail);
    expect(messageOf(resetSchema, { password: '123', password2: '123' })).toBe(MESSAGES.passwordTooShort);
    expect(messageOf(resetSchema, { password: '123456', password2: '654321' })).toBe(MESSAGES.passwordsDoNotMatch);
  });

  it('change password and profile update refuse what may not change', () => {
    expect(messageOf(changePasswordSchema, { oldPassword: 'a', password: '12' })).toBe(MESSAGES.passwordTooShort);
    // What getuser answers is accepted back and ignored; anything else the client may not set is refused.
    expect(updateUserSchema.parse({ _id: 'someone', email: 'new@x.io', name: 'Jane' })).toEqual({ name: 'Jane' });
    for (const key of ['password', 'role', 'user', 'createdAt']) {
      expect(messageOf(updateUserSchema, { name: 'Jane', [key]: 'x' }), key).toBe(`Unexpected field: ${key}`);
    }
    expect(messageOf(updateUserSchema, { name: '  ' })).toBe(MESSAGES.nameRequired);
    expect(messageOf(updateUserSchema, { name: 'Jane', phone: '+1 555', bio: '', photo: '' })).toBeNull();
  });
});

describe('two faults at once answer the first rule in order, not the first field', () => {
  it('register: required before a bad email; length before a bad email', () => {
    expect(messageOf(registerSchema, { name: 'Kim', email: 'kim@' })).toBe(MESSAGES.allFieldsRequired);
    expect(messageOf(registerSchema, { name: 'Kim', email: 'kim@', password: '123' })).toBe(MESSAGES.passwordTooShort);
    expect(messageOf(registerSchema, { name: '', email: 'kim@', password: '123' })).toBe(MESSAGES.allFieldsRequired);
  });
  it('login: required before a bad email', () => {
    expect(messageOf(loginSchema, { email: 'kim@', password: '' })).toBe(MESSAGES.allFieldsRequired);
  });
});
