import { describe, expect, it } from 'vitest';
import { acceptsJsonOnly } from '../src';

describe('acceptsJsonOnly', () => {
  it('is true for application/json alone, parameters aside', () => {
    expect(acceptsJsonOnly('application/json')).toBe(true);
    expect(acceptsJsonOnly(' Application/JSON ; charset=utf-8')).toBe(true);
  });
  it("is false for axios's default, browsers, curl and no header", () => {
    for (const accept of [
      'application/json, text/plain, */*',
      'text/html,application/xhtml+xml,*/*;q=0.8',
      '*/*',
      'text/plain',
      '',
      null,
      undefined,
    ]) {
      expect(acceptsJsonOnly(accept), String(accept)).toBe(false);
    }
  });
});
