import { LIMITS } from '@inventory/contract/rules';
import { makeProduct, withProducts } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { describe, expect, it } from 'vitest';
import { setupMockApi, signedInTestApp } from '../../test/harness';
import { findProductByCode } from './findProductByCode';

setupMockApi();

const cable = makeProduct({ _id: '90000000-0000-4000-8000-0000000000c1', name: 'USB-C cable', sku: 'CAB-USB-C-2M' });
const longer = makeProduct({
  _id: '90000000-0000-4000-8000-0000000000c2',
  name: 'USB-C cable 3 m',
  sku: 'CAB-USB-C-2M-B',
});
const ean = makeProduct({
  _id: '90000000-0000-4000-8000-0000000000c4',
  name: 'Laptop',
  sku: 'LAP-1',
  barcode: '4006381333931',
  mpn: 'XPS-9530-7001',
});
const gtin = makeProduct({
  _id: '90000000-0000-4000-8000-0000000000c5',
  name: 'Carton',
  sku: 'CTN-1',
  barcode: '10012345678902',
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

describe('finding a product by a scanned code', () => {
  it('finds only the product whose whole SKU is the code, in any case and with spaces around it', async () => {
    await signedInTestApp(withProducts([named, longer, cable]));
    const seen = recordSearches();
    await expect(findProductByCode('CAB-USB-C-2M')).resolves.toMatchObject({ _id: cable._id });
    await expect(findProductByCode('  cab-usb-c-2m\n')).resolves.toMatchObject({ _id: cable._id });
    await expect(findProductByCode('CAB-USB-C-2M-B')).resolves.toMatchObject({ _id: longer._id });
    expect(seen[0]?.get('q')).toBe('CAB-USB-C-2M');
    expect(seen[0]?.get('sort')).toBe('sku');
  });

  it('answers null for a part of a SKU, a name, or a SKU of no product', async () => {
    await signedInTestApp(withProducts([named, longer, cable]));
    await expect(findProductByCode('CAB-USB')).resolves.toBeNull();
    await expect(findProductByCode('Box of')).resolves.toBeNull();
    await expect(findProductByCode('NOPE-404')).resolves.toBeNull();
  });

  it('does not ask the server for empty text or text longer than any SKU', async () => {
    await signedInTestApp(withProducts([cable]));
    const seen = recordSearches();
    await expect(findProductByCode('   ')).resolves.toBeNull();
    await expect(findProductByCode('X'.repeat(LIMITS.sku + 1))).resolves.toBeNull();
    expect(seen).toHaveLength(0);
  });

  it('finds a product by its whole barcode (EAN-13, GTIN-14) or its part number in any case', async () => {
    await signedInTestApp(withProducts([named, cable, ean, gtin]));
    await expect(findProductByCode('4006381333931')).resolves.toMatchObject({ _id: ean._id });
    await expect(findProductByCode(' 4006381333931 ')).resolves.toMatchObject({ _id: ean._id });
    await expect(findProductByCode('10012345678902')).resolves.toMatchObject({ _id: gtin._id });
    await expect(findProductByCode('xps-9530-7001')).resolves.toMatchObject({ _id: ean._id });
    await expect(findProductByCode('400638133393')).resolves.toBeNull();
  });

  it('finds a UPC-A read as its EAN-13 (a leading 0) and an EAN-13 starting with 0 read as its UPC-A', async () => {
    const upc = makeProduct({
      _id: '90000000-0000-4000-8000-0000000000c7',
      name: 'HDMI',
      sku: 'HDMI-1',
      barcode: '036000291452',
    });
    const padded = makeProduct({
      _id: '90000000-0000-4000-8000-0000000000c8',
      name: 'DP',
      sku: 'DP-1',
      barcode: '0012345678905',
    });
    await signedInTestApp(withProducts([upc, padded]));
    await expect(findProductByCode('0036000291452')).resolves.toMatchObject({ _id: upc._id });
    await expect(findProductByCode('012345678905')).resolves.toMatchObject({ _id: padded._id });
    await expect(findProductByCode('0400638133393')).resolves.toBeNull();
  });

  it('asks the server for a code as long as the longest SKU', async () => {
    const longest = makeProduct({
      _id: '90000000-0000-4000-8000-0000000000c6',
      name: 'Long',
      sku: 'L'.repeat(LIMITS.sku),
    });
    await signedInTestApp(withProducts([longest]));
    await expect(findProductByCode('l'.repeat(LIMITS.sku))).resolves.toMatchObject({ _id: longest._id });
  });
});
