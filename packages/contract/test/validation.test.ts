import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  validateChangePassword,
  validateForgot,
  validateLogin,
  validateRegister,
  validateReset,
} from '../src';

describe('validateLogin', () => {
  it('requires both fields before anything else', () => {
    expect(validateLogin({ email: '', password: '' })).toBe(MESSAGES.allFieldsRequired);
    expect(validateLogin({ email: 'not-an-email', password: '' })).toBe(MESSAGES.allFieldsRequired);
    expect(validateLogin({ email: '   ', password: 'secret1' })).toBe(MESSAGES.allFieldsRequired);
  });
  it('then checks the email', () => {
    expect(validateLogin({ email: 'not-an-email', password: 'x' })).toBe(MESSAGES.invalidEmail);
  });
  it('passes valid input', () => {
    expect(validateLogin({ email: 'jane@example.com', password: 'x' })).toBeNull();
  });
});

describe('validateRegister keeps its order: required, length, email, match', () => {
  const ok = { name: 'Jane', email: 'jane@example.com', password: 'secret1', password2: 'secret1' };
  it('required first', () => {
    expect(validateRegister({ ...ok, name: '' })).toBe(MESSAGES.allFieldsRequired);
    expect(validateRegister({ ...ok, email: '', password: '1' })).toBe(MESSAGES.allFieldsRequired);
    expect(validateRegister({ ...ok, password: '' })).toBe(MESSAGES.allFieldsRequired);
  });
  it('password length before email validity', () => {
    expect(validateRegister({ ...ok, email: 'bad', password: '12345', password2: 'x' })).toBe(
      MESSAGES.passwordTooShort,
    );
  });
  it('email validity before the match', () => {
    expect(validateRegister({ ...ok, email: 'bad', password2: 'other1' })).toBe(MESSAGES.invalidEmail);
  });
  it('then the match', () => {
    expect(validateRegister({ ...ok, password2: 'other1' })).toBe(MESSAGES.passwordsDoNotMatch);
  });
  it('passes valid input with exactly 6 characters', () => {
    expect(validateRegister({ ...ok, password: '123456', password2: '123456' })).toBeNull();
  });
});

describe('validateForgot', () => {
  it('asks for an email, then a valid one', () => {
    expect(validateForgot({ email: '' })).toBe(MESSAGES.emailRequired);
    expect(validateForgot({ email: 'x@y' })).toBe(MESSAGES.invalidEmail);
    expect(validateForgot({ email: 'x@y.io' })).toBeNull();
  });
});

describe('validateReset', () => {
  it('length, then match', () => {
    expect(validateReset({ password: '123', password2: '999' })).toBe(MESSAGES.passwordTooShort);
    expect(validateReset({ password: '123456', password2: '1234567' })).toBe(MESSAGES.passwordsDoNotMatch);
    expect(validateReset({ password: '123456', password2: '123456' })).toBeNull();
  });
});

describe('validateChangePassword', () => {
  it('required, match, then length', () => {
    expect(validateChangePassword({ oldPassword: '', password: 'a', password2: 'a' })).toBe(
      MESSAGES.allFieldsRequired,
    );
    expect(validateChangePassword({ oldPassword: 'old', password: 'secret1', password2: 'secret2' })).toBe(
      MESSAGES.newPasswordsDoNotMatch,
    );
    expect(validateChangePassword({ oldPassword: 'old', password: '123', password2: '123' })).toBe(
      MESSAGES.passwordTooShort,
    );
    expect(validateChangePassword({ oldPassword: 'old', password: 'secret1', password2: 'secret1' })).toBeNull();
  });
});
