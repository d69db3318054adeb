import { describe, expect, it } from 'vitest';
import { fieldOfMessage, MESSAGES } from '../src/rules';

describe('fieldOfMessage', () => {
  it('names the field of each field message, fixed or made from a value', () => {
    expect(fieldOfMessage(MESSAGES.passwordsDoNotMatch)).toBe('password2');
    expect(fieldOfMessage(MESSAGES.emailTaken)).toBe('email');
    expect(fieldOfMessage(MESSAGES.wrongOldPassword)).toBe('oldPassword');
    expect(fieldOfMessage(MESSAGES.insufficientStock(0))).toBe('quantity');
    expect(fieldOfMessage(MESSAGES.insufficientStock(2))).toBe('quantity');
    expect(fieldOfMessage(MESSAGES.stockWouldBeNegative(3))).toBe('change');
    expect(fieldOfMessage(MESSAGES.alreadyInvited('ann@shop.com'))).toBe('email');
    expect(fieldOfMessage(MESSAGES.priceInvalid)).toBe('price');
  });

  it('names no field for what concerns the whole form', () => {
    expect(fieldOfMessage(MESSAGES.invalidCredentials)).toBeNull();
    expect(fieldOfMessage(MESSAGES.allFieldsRequired)).toBeNull();
    expect(fieldOfMessage(MESSAGES.editConflict)).toBeNull();
    expect(fieldOfMessage('Not enough stock')).toBeNull();
  });
});
