import { describe, expect, it } from 'vitest';
import { filterItems } from './filterItems';

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
