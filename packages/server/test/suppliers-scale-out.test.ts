import type { Product, ProductSupplier, Supplier } from '@inventory/contract';
import { describe, expect, it } from 'vitest';
import { databases } from './support/databases';
import { twoServersWithOwner } from './support/two-servers';
import { api } from './support/processes';

/**
 * One preferred supplier per product whatever arrives at once (docs/decisions/0037-suppliers.md): links of one
 * product made preferred in parallel through two server processes on one database each take the product's lock, clear
 * the flag and set their own in one transaction, so every request succeeds (no 5xx from the unique index) and the
 * product ends with exactly one preferred supplier, the last one to commit.
 */
describe.each(databases)('preferred suppliers set at once through two processes on $name', (kind) => {
  const servers = twoServersWithOwner(kind, 'race');

  it('ends every round with exactly one preferred supplier and no failed request', async () => {
    const { a, b, token } = servers;
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: 'USB-C Dock', category: 'Docks', price: '199.99', quantity: '5' })) form.append(key, value);
    const created = await fetch(`${a.url}/api/products`, { method: 'POST', body: form, headers: { cookie: `sid=${token}` } });
    expect(created.status).toBe(201);
    const product = (await created.json()) as Product;
    const suppliers: Supplier[] = [];
    for (let i = 0; i < 8; i += 1) {
      const supplier = await api(a.url, 'POST', '/api/suppliers', token, { name: `Vendor ${i}` });
      expect(supplier.status).toBe(201);
      suppliers.push((await supplier.json()) as Supplier);
    }
    const failures: string[] = [];
    // Round 0 makes the links (POST, each asking to be preferred), the next rounds move the flag (PUT).
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all(
        suppliers.map(async (supplier, i) => {
          const server = (i + round) % 2 ? a : b;
          const response =
            round === 0
              ? await api(server.url, 'POST', `/api/products/${product._id}/suppliers`, token, { supplierId: supplier._id, preferred: true, packSize: i + 1 })
              : await api(server.url, 'PUT', `/api/products/${product._id}/suppliers/${supplier._id}`, token, { preferred: (i + round) % 3 !== 0, lastCost: round });
          return { status: response.status, body: (await response.json()) as ProductSupplier & { message?: string } };
        }),
      );
      for (const answer of answers) if (answer.status !== (round === 0 ? 201 : 200)) failures.push(`round ${round}: ${answer.status} ${answer.body.message}`);
      const links = (await (await api(b.url, 'GET', `/api/products/${product._id}/suppliers`, token)).json()) as ProductSupplier[];
      expect(links).toHaveLength(suppliers.length);
      const preferred = links.filter((link) => link.preferred);
      if (preferred.length !== 1) failures.push(`round ${round}: ${preferred.length} preferred`);
      else if (links[0] !== preferred[0]) failures.push(`round ${round}: the preferred one is not listed first`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
