import { describe, expect, it } from 'vitest';
import { cursorFitsSort, decodeCursor, encodeCursor, MESSAGES, movementQuerySchema, productListQuerySchema } from '../src';

const ID = '00000000-0000-4000-8000-000000000000';
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('query parameters get the body rules', () => {
  it('refuses a NUL or another control character in a search, a category or a cursor, with a message', () => {
    expect(firstMessage(productListQuerySchema.safeParse({ limit: '5', q: 'wid\u0000get' }))).toBe(MESSAGES.nulCharacter);
    expect(firstMessage(productListQuerySchema.safeParse({ limit: '5', category: 'TV\u0000' }))).toBe(MESSAGES.nulCharacter);
    expect(firstMessage(productListQuerySchema.safeParse({ limit: '5', q: 'a\r\nb' }))).toBe(MESSAGES.controlCharacters('Search'));
    expect(productListQuerySchema.safeParse({ limit: '5', after: encodeCursor(['wid\u0000get', ID]), sort: 'name' }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ limit: '5', q: 'écran 4K' }).success).toBe(true);
  });

  it('takes a cursor only when its key fits the sort and its column', () => {
    for (const key of [1e308, -1e308, 1.5, 1e19, 2 ** 31]) {
      expect(cursorFitsSort([key, ID], 'price')).toBe(false);
      expect(cursorFitsSort([key, ID], 'quantity')).toBe(false);
      expect(productListQuerySchema.safeParse({ limit: '5', sort: 'quantity', before: encodeCursor([key, ID]) }).success).toBe(false);
    }
    expect(cursorFitsSort([2 ** 31, ID], 'value')).toBe(true);
    expect(cursorFitsSort([2 ** 53 + 2, ID], 'value')).toBe(false);
    expect(cursorFitsSort([12, ID], 'name')).toBe(false);
    expect(cursorFitsSort(['abc', ID], 'price')).toBe(false);
    expect(cursorFitsSort([0, ID], 'quantity')).toBe(true);
    expect(decodeCursor(encodeCursor([5, `${ID}\u0000`]))).toBeNull();
  });

  it('takes a movement page cursor only within the ids a movement can have', () => {
    expect(movementQuerySchema.safeParse({ after: '2147483647' }).success).toBe(true);
    for (const after of ['2147483648', '9999999999999999999', '1e3', '-1', '1.5', 'a\u0000']) {
      expect(movementQuerySchema.safeParse({ after }).success).toBe(false);
    }
  });
});
