import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  contactSchema,
  firstIssueMessage,
  forgotSchema,
  hasDirectionControls,
  isBlank,
  MESSAGES,
  orderSchema,
  productFieldsSchema,
  productUpdateFieldsSchema,
  registerSchema,
  updateUserSchema,
  validateContact,
  validateItemFields,
  validateProfile,
  validateRegister,
} from '../src';

/** Each invisible character on its own: zero-width ones, word joiner, BOM, soft hyphen, bidi marks and controls. */
const INVISIBLE = [
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u00ad',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
const DIRECTION_CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const ALL_INVISIBLE = INVISIBLE.join('');
const hex = (text: string) => `U+${text.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

function messageOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : firstIssueMessage(result.error);
}

const item = { name: 'ThinkPad X1', category: 'Laptops', price: '1299.99', quantity: '3' };
const register = { name: 'Jane', email: 'jane@example.com', password: 'secret1' };

describe('isBlank', () => {
  it.each(INVISIBLE.map((char) => [hex(char), char]))(
    'counts %s alone, repeated or among spaces as empty',
    (_, char) => {
      expect(isBlank(char)).toBe(true);
      expect(isBlank(char.repeat(3))).toBe(true);
      expect(isBlank(` ${char}\t${char} `)).toBe(true);
    },
  );
  it('counts nothing, spaces and every invisible character together as empty', () => {
    for (const value of [undefined, null, '', '   ', '\t\n', ALL_INVISIBLE, ` ${ALL_INVISIBLE} `])
      expect(isBlank(value)).toBe(true);
  });
  it('does not count text that shows something, with or without invisible characters around it', () => {
    for (const value of ['a', ' a ', `\u200bx\u200b`, 'שלום\u200f', '👩\u200d💻', '0', '-'])
      expect(isBlank(value)).toBe(false);
  });
});

describe('hasDirectionControls', () => {
  it.each(DIRECTION_CONTROLS.map((char) => [hex(char), char]))('finds %s anywhere in a text', (_, char) => {
    expect(hasDirectionControls(char)).toBe(true);
    expect(hasDirectionControls(`invoice${char}fdp.exe`)).toBe(true);
  });
  it('lets plain text, direction marks and zero-width characters through', () => {
    for (const value of [
      undefined,
      null,
      '',
      'Plain',
      'שלום\u200f Ltd',
      'متجر\u061c',
      '\u200e\u200b\u200c\u200d\u2060\ufeff\u00ad',
    ]) {
      expect(hasDirectionControls(value)).toBe(false);
    }
  });
});

describe('invisible-only values are empty in every required field', () => {
  it('client validators give the message an empty field gets', () => {
    for (const empty of ['', ALL_INVISIBLE, '\u200b']) {
      expect(validateRegister({ ...register, name: empty, password2: register.password })).toBe(
        MESSAGES.allFieldsRequired,
      );
      expect(validateProfile({ name: empty })).toBe(MESSAGES.nameRequired);
      expect(validateItemFields({ ...item, name: empty }).name).toBe(MESSAGES.nameRequired);
      expect(validateItemFields({ ...item, category: empty }).category).toBe(MESSAGES.categoryRequired);
      expect(validateContact({ subject: empty, message: 'Hi' }).subject).toBe(MESSAGES.subjectRequired);
      expect(validateContact({ subject: 'Hi', message: empty }).message).toBe(MESSAGES.messageRequired);
    }
  });
  it('request schemas answer the same messages', () => {
    for (const empty of ['', ALL_INVISIBLE, '\u00ad\u2060']) {
      expect(messageOf(registerSchema, { ...register, name: empty })).toBe(MESSAGES.allFieldsRequired);
      expect(messageOf(updateUserSchema, { name: empty })).toBe(MESSAGES.nameRequired);
      expect(messageOf(productFieldsSchema, { ...item, name: empty })).toBe(MESSAGES.nameRequired);
      expect(messageOf(productUpdateFieldsSchema, { ...item, category: empty })).toBe(MESSAGES.categoryRequired);
      expect(messageOf(orderSchema, { ...item, name: empty })).toBe(MESSAGES.nameRequired);
      expect(messageOf(orderSchema, { ...item, category: empty })).toBe(MESSAGES.categoryRequired);
      expect(messageOf(contactSchema, { subject: empty, message: 'Hi' })).toBe(MESSAGES.subjectRequired);
      expect(messageOf(contactSchema, { subject: 'Hi', message: empty })).toBe(MESSAGES.messageRequired);
      expect(messageOf(forgotSchema, { email: empty })).toBe(MESSAGES.emailRequired);
    }
  });
  it('a profile update without a name still leaves the name alone', () => {
    expect(validateProfile({})).toBeNull();
    expect(messageOf(updateUserSchema, { bio: 'Only the bio' })).toBeNull();
  });
});

describe.each(DIRECTION_CONTROLS.map((char) => [hex(char), char]))('%s in single-line fields', (_, control) => {
  const spoof = `invoice${control}fdp.exe`;
  it('client validators refuse it with the field named', () => {
    expect(validateRegister({ ...register, name: spoof, password2: register.password })).toBe(
      MESSAGES.directionControls('Name'),
    );
    expect(validateProfile({ name: spoof })).toBe(MESSAGES.directionControls('Name'));
    expect(validateProfile({ name: 'Jane', phone: `+1${control}555` })).toBe(MESSAGES.directionControls('Phone'));
    expect(validateItemFields({ ...item, name: spoof }).name).toBe(MESSAGES.directionControls('Name'));
    expect(validateItemFields({ ...item, category: spoof }).category).toBe(MESSAGES.directionControls('Category'));
    expect(validateContact({ subject: spoof, message: 'Hi' }).subject).toBe(MESSAGES.directionControls('Subject'));
  });
  it('request schemas refuse it with the same message', () => {
    expect(messageOf(registerSchema, { ...register, name: spoof })).toBe(MESSAGES.directionControls('Name'));
    expect(messageOf(updateUserSchema, { name: spoof })).toBe(MESSAGES.directionControls('Name'));
    expect(messageOf(updateUserSchema, { phone: `+1${control}555` })).toBe(MESSAGES.directionControls('Phone'));
    expect(messageOf(productFieldsSchema, { ...item, name: spoof })).toBe(MESSAGES.directionControls('Name'));
    expect(messageOf(productFieldsSchema, { ...item, sku: `LAP-1${control}2` })).toBe(
      MESSAGES.directionControls('SKU'),
    );
    expect(messageOf(productUpdateFieldsSchema, { ...item, category: spoof })).toBe(
      MESSAGES.directionControls('Category'),
    );
    expect(messageOf(orderSchema, { ...item, name: spoof })).toBe(MESSAGES.directionControls('Name'));
    expect(messageOf(contactSchema, { subject: spoof, message: 'Hi' })).toBe(MESSAGES.directionControls('Subject'));
  });
  it('multi-line fields keep it', () => {
    expect(messageOf(updateUserSchema, { bio: spoof })).toBeNull();
    expect(messageOf(contactSchema, { subject: 'Hi', message: spoof })).toBeNull();
    expect(messageOf(productFieldsSchema, { ...item, description: `<p>${spoof}</p>` })).toBeNull();
  });
});

describe('the message', () => {
  it('names the field', () => {
    expect(MESSAGES.directionControls('Subject')).toBe('Subject must not contain text-direction control characters');
  });
});
