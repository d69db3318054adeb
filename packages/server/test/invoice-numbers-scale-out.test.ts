import type { Invoice, InvoicePage } from '@inventory/contract';
import { describe, expect, it } from 'vitest';
import { databases } from './support/databases';
import { api } from './support/processes';
import { twoServersWithOwner } from './support/two-servers';

/**
 * Issuing raced through two server processes on one database (docs/decisions/0043-invoices.md): 200 drafts issued at
 * once, half through each process, with refused issues mixed in (drafts of a customer archived meanwhile), give the
 * numbers 1…200 of the series exactly: no gap, no duplicate, no number taken by a refused issue.
 */
describe.each(databases)('invoice numbers issued through two server processes on $name', (kind) => {
  const servers = twoServersWithOwner(kind, 'invoices');

  it('200 invoices issued at once: numbers exactly 1…200; refused issues take none', async () => {
    const call = async <T>(i: number, method: string, path: string, body?: unknown) => {
      const response = await api(i % 2 ? servers.a.url : servers.b.url, method, path, servers.token, body);
      return { status: response.status, body: (await response.json()) as T };
    };
    const customer = async (name: string) => (await call<{ _id: string }>(0, 'POST', '/api/customers', { name })).body._id;
    expect((await call(0, 'PUT', '/api/invoices/numbering', { invoicePrefix: 'INV', creditNotePrefix: 'CN', withYear: false })).status).toBe(200);
    const [kept, doomed] = [await customer('Kept'), await customer('Doomed')];
    const drafts = async (customerId: string, count: number) => {
      const made: string[] = [];
      for (let start = 0; start < count; start += 55) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(55, count - start) }, (_, i) =>
            call<Invoice>(i, 'POST', '/api/invoices', { customerId, lines: [{ description: `Line ${start + i}`, quantity: 1, unitPrice: 1 + i }] }),
          ),
        );
        for (const answer of batch) {
          expect(answer.status).toBe(201);
          made.push(answer.body._id);
        }
      }
      return made;
    };
    const good = await drafts(kept, 200);
    const bad = await drafts(doomed, 10);
    expect((await call(0, 'DELETE', `/api/customers/${doomed}`)).status).toBe(200);

    const order = [...good.map((id) => ({ id, good: true })), ...bad.map((id) => ({ id, good: false }))].sort((x, y) => (x.id < y.id ? -1 : 1));
    const answers = await Promise.all(order.map((entry, i) => call<Invoice & { message?: string }>(i, 'POST', `/api/invoices/${entry.id}/issue`).then((answer) => ({ ...entry, ...answer }))));
    expect(answers.filter((answer) => answer.good && answer.status !== 200)).toEqual([]);
    expect(answers.filter((answer) => !answer.good).map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 409));

    const page = (await call<InvoicePage>(0, 'GET', '/api/invoices?status=issued&limit=100&offset=0')).body;
    const rest = await Promise.all([100, 200].map(async (offset) => (await call<InvoicePage>(1, 'GET', `/api/invoices?status=issued&limit=100&offset=${offset}`)).body.items));
    const numbers = [...page.items, ...rest.flat()].map((invoice) => Number(invoice.number!.replace('INV-', ''))).sort((x, y) => x - y);
    expect(page.total).toBe(200);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  }, 60_000);
});
