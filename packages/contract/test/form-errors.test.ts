import { describe, expect, it } from 'vitest';
import { fieldOfMessage, LIMITS, MESSAGES } from '../src/rules';

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
    expect(fieldOfMessage(MESSAGES.skuTaken('AB-1', 'USB-C Dock'))).toBe('sku');
    expect(fieldOfMessage(MESSAGES.skuTaken('SKU 1 is already used by', 'X'))).toBe('sku');
    expect(fieldOfMessage(MESSAGES.skuRequired)).toBe('sku');
    expect(fieldOfMessage(MESSAGES.fieldTooLong('SKU', LIMITS.sku))).toBe('sku');
    expect(fieldOfMessage(MESSAGES.directionControls('SKU'))).toBe('sku');
    expect(fieldOfMessage(MESSAGES.barcodeDigits)).toBe('barcode');
    expect(fieldOfMessage(MESSAGES.barcodeLength(9))).toBe('barcode');
    expect(fieldOfMessage(MESSAGES.barcodeCheckDigit(4))).toBe('barcode');
    expect(fieldOfMessage(MESSAGES.barcodeTaken('96385074', 'USB-C Dock'))).toBe('barcode');
    expect(fieldOfMessage(MESSAGES.fieldTooLong('MPN', LIMITS.mpn))).toBe('mpn');
  });

  it('names no field for what concerns the whole form', () => {
    expect(fieldOfMessage(MESSAGES.invalidCredentials)).toBeNull();
    expect(fieldOfMessage(MESSAGES.allFieldsRequired)).toBeNull();
    expect(fieldOfMessage(MESSAGES.editConflict)).toBeNull();
    expect(fieldOfMessage('Not enough stock')).toBeNull();
    expect(fieldOfMessage('SKU  is already used by ')).toBeNull();
  });
});
