import { describe, expect, it } from 'vitest';
import { apiAssetUrl } from './assets';
import {
  distinctCategories,
  filterItems,
  formatMoney,
  isOutOfStock,
  itemValue,
  totalValue,
  truncateName,
} from './format';

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [5, '$5.00'],
    [1234.5, '$1,234.50'],
    [1234567.891, '$1,234,567.89'],
    ['19.9', '$19.90'],
    [0.1 + 0.2, '$0.30'],
  ])('%s → %s', (value, shown) => {
    expect(formatMoney(value)).toBe(shown);
  });
});

describe('truncateName', () => {
  it('keeps names up to 16 characters', () => {
    expect(truncateName('Dell XPS 13')).toBe('Dell XPS 13');
    expect(truncateName('1234567890123456')).toBe('1234567890123456');
  });
  it("cuts longer names at 16 characters and adds '...'", () => {
    expect(truncateName('Lenovo ThinkPad X1 Carbon')).toBe('Lenovo ThinkPad ...');
    expect(truncateName('12345678901234567')).toBe('1234567890123456...');
  });
  it('never splits a character made of two code units', () => {
    expect(truncateName('💻'.repeat(20))).toBe(`${'💻'.repeat(16)}...`);
  });
});

describe('values', () => {
  it('value is price x quantity', () => {
    expect(itemValue({ price: 19.99, quantity: 3 })).toBe(59.97);
    expect(itemValue({ price: '2.5', quantity: '4' })).toBe(10);
  });
  it('total store value keeps the cents', () => {
    expect(
      totalValue([
        { price: 0.1, quantity: 3 },
        { price: 1234.56, quantity: 2 },
        { price: 9.99, quantity: 0 },
      ]),
    ).toBe(2469.42);
    expect(totalValue([])).toBe(0);
  });
  it("out of stock is quantity 0 or '0'", () => {
    expect(isOutOfStock({ quantity: 0 })).toBe(true);
    expect(isOutOfStock({ quantity: '0' })).toBe(true);
    expect(isOutOfStock({ quantity: 1 })).toBe(false);
    expect(isOutOfStock({ quantity: '' })).toBe(false);
  });
  it('categories are the distinct values', () => {
    expect(distinctCategories([{ category: 'Laptop' }, { category: 'Monitor' }, { category: 'Laptop' }])).toEqual([
      'Laptop',
      'Monitor',
    ]);
  });
});

describe('filterItems', () => {
  const items = [
    { name: 'Dell XPS 13', category: 'Laptop' },
    { name: 'LG UltraFine', category: 'Monitor' },
    { name: 'Logitech MX Keys', category: 'Keyboard' },
  ];
  it('matches the name or the category, ignoring case', () => {
    expect(filterItems(items, 'xps').map((i) => i.name)).toEqual(['Dell XPS 13']);
    expect(filterItems(items, 'MONITOR').map((i) => i.name)).toEqual(['LG UltraFine']);
    expect(filterItems(items, 'l').length).toBe(3);
  });
  it('a blank search keeps everything; no match gives nothing', () => {
    expect(filterItems(items, '  ')).toBe(items);
    expect(filterItems(items, 'printer')).toEqual([]);
  });
});

describe('apiAssetUrl', () => {
  it('puts uploads on the API origin when one is configured', () => {
    expect(apiAssetUrl('/uploads/a.png', '')).toBe('/uploads/a.png');
    expect(apiAssetUrl('/uploads/a.png', 'https://api.example.com/')).toBe('https://api.example.com/uploads/a.png');
    expect(apiAssetUrl('https://cdn.example.com/a.png', 'https://api.example.com')).toBe(
      'https://cdn.example.com/a.png',
    );
  });
});
