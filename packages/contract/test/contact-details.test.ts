import { describe, expect, it } from 'vitest';
import { isContactPhone, telHref } from '../src/contact';

describe('contact details', () => {
  it.each([
    ['+44 (20) 7946-0958', true],
    ['555.010.0199', true],
    ['030 / 1234 567', true],
    ['12', false],
    ['call us', false],
    ['+44 20 7946 0958 ext', false],
    ['++44 20', false],
  ])('isContactPhone(%j) is %j', (phone, valid) => {
    expect(isContactPhone(phone)).toBe(valid);
  });

  it('writes a tel: address of the digits, keeping a leading +', () => {
    expect(telHref('+44 (20) 7946-0958')).toBe('tel:+442079460958');
    expect(telHref(' 555.010.0199')).toBe('tel:5550100199');
  });
});
