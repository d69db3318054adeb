import { DEFAULT_STORE_SETTINGS, MESSAGES, type TaxRate } from '@inventory/contract';
import { describe, expect, it } from 'vitest';
import { databases } from './support/databases';
import { twoServersWithOwner } from './support/two-servers';
import { api } from './support/processes';

/**
 * Racing writes of one store's tax rates and settings through two server processes on one database
 * (docs/decisions/0038-store-details-and-tax-rates.md): "set default" and new default rates in parallel leave exactly
 * one default, no request answers a 5xx; saves of the settings from one version let exactly one through.
 */
describe.each(databases)('tax rates and settings raced through two server processes on $name', (kind) => {
  const servers = twoServersWithOwner(kind, 'rates');

  const listRates = async () => (await (await api(servers.b.url, 'GET', '/api/tax-rates', servers.token)).json()) as TaxRate[];

  it('parallel "set default" and new default rates through both processes leave exactly one default', async () => {
    const rates: TaxRate[] = [];
    for (const [name, percent] of [['Standard', 23], ['Reduced', 8], ['Super reduced', 5], ['Zero', 0]] as const) {
      const made = await api(servers.a.url, 'POST', '/api/tax-rates', servers.token, { name, percent });
      expect(made.status).toBe(201);
      rates.push((await made.json()) as TaxRate);
    }
    for (let round = 0; round < 3; round += 1) {
      const calls = Array.from({ length: 24 }, (_, i) => {
        const server = i % 2 ? servers.a : servers.b;
        if (i % 6 === 5) return api(server.url, 'POST', '/api/tax-rates', servers.token, { name: `New ${round}-${i}`, percent: 10 + i, isDefault: true });
        return api(server.url, 'POST', `/api/tax-rates/${rates[(i + round) % rates.length]!._id}/default`, servers.token);
      });
      const answers = await Promise.all(calls.map(async (call) => {
        const response = await call;
        return { status: response.status, body: (await response.json()) as { message?: string } };
      }));
      expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 201)).toEqual([]);
      const listed = await listRates();
      expect(listed.filter((rate) => rate.isDefault), `round ${round}`).toHaveLength(1);
    }
  }, 120_000);

  it('saves of the settings made from the same version: exactly one is kept, the others answer 409', async () => {
    const current = await api(servers.a.url, 'GET', '/api/stores/active/settings', servers.token);
    const etag = current.headers.get('etag')!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api(i % 2 ? servers.a.url : servers.b.url, 'PUT', '/api/stores/active/settings', servers.token, { ...DEFAULT_STORE_SETTINGS, legalName: `Writer ${i}` }, { 'if-match': etag }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { legalName?: string; message?: string },
        })),
      ),
    );
    const kept = answers.filter((answer) => answer.status === 200);
    expect(kept).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual(Array.from({ length: 9 }, () => ({ status: 409, body: { message: MESSAGES.editConflict } })));
    const saved = (await (await api(servers.b.url, 'GET', '/api/stores/active/settings', servers.token)).json()) as { legalName: string };
    expect(saved.legalName).toBe(kept[0]!.body.legalName);
  }, 60_000);
});
