import { LIMITS } from '@inventory/contract/rules';
import { makeProduct, withProducts } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { describe, expect, it } from 'vitest';
import { setupMockApi, signedInTestApp } from '../../test/harness';
import { findProductBySku, sameSku } from './findProductBySku';

setupMockApi();

const cable = makeProduct({ _id: '90000000-0000-4000-8000-0000000000c1', name: 'USB-C cable', sku: 'CAB-USB-C-2M' });
const longer = makeProduct({
  _id: '90000000-0000-4000-8000-0000000000c2',
  name: 'USB-C cable 3 m',
  sku: 'CAB-USB-C-2M-B',
});
const named = makeProduct({ _id: '90000000-0000-4000-8000-0000000000c3', name: 'Box of CAB-USB-C-2M', sku: 'BOX-1' });

/** The queries of the product list calls sent. */
function recordSearches(): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/products') seen.push(url.searchParams);
  });
  return seen;
}

describe('finding a product by a scanned SKU', () => {
  it('finds only the product whose whole SKU is the code, in any case and with spaces around it', async () => {
    await signedInTestApp(withProducts([named, longer, cable]));
    const seen = recordSearches();
    await expect(findProductBySku('CAB-USB-C-2M')).resolves.toMatchObject({ _id: cable._id });
    await expect(findProductBySku('  cab-usb-c-2m\n')).resolves.toMatchObject({ _id: cable._id });
    await expect(findProductBySku('CAB-USB-C-2M-B')).resolves.toMatchObject({ _id: longer._id });
    expect(seen[0]?.get('q')).toBe('CAB-USB-C-2M');
    expect(seen[0]?.get('sort')).toBe('sku');
  });

  it('answers null for a part of a SKU, a name, or a SKU of no product', async () => {
    await signedInTestApp(withProducts([named, longer, cable]));
    await expect(findProductBySku('CAB-USB')).resolves.toBeNull();
    await expect(findProductBySku('Box of')).resolves.toBeNull();
    await expect(findProductBySku('NOPE-404')).resolves.toBeNull();
  });

  it('does not ask the server for empty text or text longer than any SKU', async () => {
    await signedInTestApp(withProducts([cable]));
    const seen = recordSearches();
    await expect(findProductBySku('   ')).resolves.toBeNull();
    await expect(findProductBySku('X'.repeat(LIMITS.sku + 1))).resolves.toBeNull();
    expect(seen).toHaveLength(0);
  });

  it('compares SKUs whole and without case', () => {
    expect(sameSku('abc-1', ' ABC-1 ')).toBe(true);
    expect(sameSku('ABC-1', 'ABC-12')).toBe(false);
  });
});
