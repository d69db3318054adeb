import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csv', () => {
  it('quotes every cell, doubles quotes, and neutralises formula starts (OWASP)', () => {
    expect(csvCell('Dock "Pro"')).toBe('"Dock ""Pro"""');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvCell(-3)).toBe(`"'-3"`);
    expect(csvCell(12)).toBe('"12"');
    expect(toCsv([['a', 1], ['b', 2]])).toBe('"a","1"\r\n"b","2"\r\n');
  });
});
