import type { Product } from '@inventory/contract';
import { describe, expect, it } from 'vitest';
import { initialProductsState } from './productsSlice';
import { selectCategories, selectFilteredProducts, selectOutOfStockCount, selectTotalStoreValue } from './selectors';

function product(overrides: Partial<Product>): Product {
  return {
    _id: overrides.name ?? 'p',
    name: 'Item',
    sku: 'ITE-1',
    category: 'Misc',
    price: 1,
    quantity: 1,
    description: '',
    image: {},
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const products = [
  product({ name: 'Dell XPS 13', category: 'Laptop', price: 1299.99, quantity: 2 }),
  product({ name: 'LG UltraFine 27', category: 'Monitor', price: 449.5, quantity: 0 }),
  // A quantity that arrives as text still counts (0 or '0').
  product({ name: 'USB-C Hub', category: 'Accessory', price: 0.1, quantity: '0' as unknown as number }),
  product({ name: 'ThinkPad X1', category: 'laptop', price: 10.05, quantity: 3 }),
];

const state = { products: { ...initialProductsState, products } };

describe('product selectors', () => {
  it('total store value: the sum of price x quantity, to the cent', () => {
    expect(selectTotalStoreValue(state)).toBe(2630.13);
  });

  it('out of stock counts quantity 0 and "0"', () => {
    expect(selectOutOfStockCount(state)).toBe(2);
  });

  it('categories: the distinct values', () => {
    expect(selectCategories(state)).toEqual(['Laptop', 'Monitor', 'Accessory', 'laptop']);
  });

  it('filters on name or category ignoring case, and memoises per search', () => {
    expect(selectFilteredProducts(state, 'LAPTOP').map((p) => p.name)).toEqual(['Dell XPS 13', 'ThinkPad X1']);
    expect(selectFilteredProducts(state, 'ultra').map((p) => p.name)).toEqual(['LG UltraFine 27']);
    expect(selectFilteredProducts(state, 'nothing like it')).toEqual([]);
    const first = selectFilteredProducts(state, 'hub');
    expect(selectFilteredProducts(state, 'hub')).toBe(first);
    expect(selectTotalStoreValue(state)).toBe(selectTotalStoreValue(state));
  });
});
