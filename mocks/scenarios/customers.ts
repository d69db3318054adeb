import {
  CUSTOMER_EXPORT_COLUMNS,
  CUSTOMER_IMPORT_MESSAGES,
  type Customer,
  exportHeader,
  IMPORT_MESSAGES,
  MESSAGES,
  type Order,
  type Page,
} from '@inventory/contract';
import { expect } from 'vitest';
import type { ScenarioClient } from './client';
import { etagOf, formOf, isoDate, UNKNOWN_UUID, withoutAudit } from './support';
import type { Scenario } from './types';
import { expectMessage, register } from './users';

const CUSTOMERS = '/api/customers';
const grace = {
  name: 'Grace Hopper',
  company: 'Cobol Systems',
  email: 'grace@cobol.example',
  phone: '+44 20 7946 0958',
  billingAddress: '1 Compiler Lane\nLeeds',
  shippingAddress: '',
  taxId: 'GB123456789',
  notes: '',
};
const dock = { name: 'USB-C Dock', category: 'Docks', price: 99.5, quantity: 2 };

/** A single-item answer of a customer: their fields, their orders' figures, who made and changed them. */
function expectCustomer(body: unknown, expected: Partial<Customer> = {}): Customer {
  expect(withoutAudit(body)).toEqual({
    _id: expect.any(String),
    ...grace,
    archivedAt: null,
    createdAt: isoDate,
    updatedAt: isoDate,
    orders: { orders: 0, value: 0 },
    ...expected,
  });
  return body as Customer;
}

async function createCustomer(client: ScenarioClient, body: object = grace): Promise<Customer> {
  const response = await client.post<Customer>(CUSTOMERS, body);
  expect({ status: response.status, body: response.body }).toEqual({ status: 201, body: expect.any(Object) });
  return response.body;
}

const page = async (client: ScenarioClient, query = '') => {
  const response = await client.get<Page<Customer>>(`${CUSTOMERS}?${query}`);
  expect(response.status).toBe(200);
  return response.body;
};

const csv = (text: string, mapping?: object) =>
  formOf(mapping ? { mapping: JSON.stringify(mapping) } : {}, { file: { bytes: new TextEncoder().encode(text), name: 'customers.csv', type: 'text/csv' } });

export const customerScenarios: Scenario[] = [
  {
    name: 'customers: every route answers 401 when signed out',
    async run(client) {
      const url = `${CUSTOMERS}/${UNKNOWN_UUID}`;
      for (const response of [
        await client.get(CUSTOMERS),
        await client.post(CUSTOMERS, grace),
        await client.get(url),
        await client.patch(url, { phone: '1' }),
        await client.delete(url),
        await client.post(`${url}/restore`),
        await client.get(`${url}/orders`),
        await client.get(`${CUSTOMERS}/export`),
        await client.postForm(`${CUSTOMERS}/import`, csv('Name\nAda\n')),
      ])
        expectMessage(response, 401, MESSAGES.notAuthorized);
    },
  },
  {
    name: 'customers: create answers 201 with an ETag; get, edit what is sent, a stale If-Match answers 409, an email is unique whatever its case',
    async run(client) {
      await register(client, 'celia');
      const created = await client.post(CUSTOMERS, { ...grace, name: ' Grace Hopper ', billingAddress: '1 Compiler Lane\r\nLeeds' });
      expect(created.status).toBe(201);
      expect(etagOf(created)).toBe('"1"');
      const customer = expectCustomer(created.body);
      const url = `${CUSTOMERS}/${customer._id}`;
      const one = await client.get(url);
      expect({ status: one.status, body: one.body, etag: etagOf(one) }).toEqual({ status: 200, body: customer, etag: '"1"' });
      const edited = await client.patch(url, { phone: '+1 555 0100' }, { headers: { 'if-match': '"1"' } });
      expect(edited.status).toBe(200);
      expectCustomer(edited.body, { _id: customer._id, phone: '+1 555 0100', createdAt: customer.createdAt });
      expect(etagOf(edited)).toBe('"2"');
      expectMessage(await client.patch(url, { phone: 'x' }, { headers: { 'if-match': '"1"' } }), 409, MESSAGES.editConflict);
      // The whole customer sent back: the read-only fields are ignored.
      const whole = await client.patch(url, { ...(edited.body as object), _id: UNKNOWN_UUID, archivedAt: '2000-01-01T00:00:00.000Z', company: 'Navy' });
      expectCustomer(whole.body, { _id: customer._id, phone: '+1 555 0100', company: 'Navy', createdAt: customer.createdAt });
      expectMessage(await client.post(CUSTOMERS, { name: 'Impostor', email: 'GRACE@cobol.EXAMPLE' }), 409, MESSAGES.customerEmailTaken(grace.email, grace.name));
      for (const [body, message] of [
        [{ company: 'x' }, MESSAGES.nameRequired],
        [{ name: 'Ada', email: 'ada@' }, MESSAGES.invalidEmail],
        [{ name: 'Ada', phone: '1\n2' }, MESSAGES.controlCharacters('Phone')],
        [{ name: 'Ada', taxId: 't'.repeat(51) }, MESSAGES.fieldTooLong('Tax ID', 50)],
        [{ name: 'Ada', owner: 'me' }, 'Unexpected field: owner'],
      ] as const)
        expectMessage(await client.post(CUSTOMERS, body), 400, message);
      for (const id of [UNKNOWN_UUID, 'not-a-uuid']) expectMessage(await client.get(`${CUSTOMERS}/${id}`), 404, MESSAGES.customerNotFound);
      const other = client.newSession();
      await register(other, 'cyril');
      expectMessage(await other.get(url), 404, MESSAGES.customerNotFound);
      expect((await page(other)).items).toEqual([]);
    },
  },
  {
    name: 'customers: a page at a time, searched by name, company, email or phone, sorted, with exact totals',
    async run(client) {
      await register(client, 'cora');
      for (const [name, company, email, phone] of [
        ['Ada Lovelace', 'Analytical Engines', 'ada@engines.example', '+44 1'],
        ['alan Turing', 'Bletchley', 'alan@bletchley.example', '+44 2'],
        ['Grace Hopper', 'Cobol Systems', 'grace@cobol.example', '+1 555 0100'],
        ['Katherine Johnson', 'Orbit', '', '+1 757 0142'],
      ])
        await createCustomer(client, { name, company, email, phone });
      const first = await page(client, 'limit=2');
      expect(first.items.map((c) => c.name)).toEqual(['Ada Lovelace', 'alan Turing']);
      expect(first).toMatchObject({ total: 4, totalExact: true, prev: null });
      const second = await page(client, `limit=2&after=${first.next}`);
      expect(second.items.map((c) => c.name)).toEqual(['Grace Hopper', 'Katherine Johnson']);
      expect(second.next).toBeNull();
      expect((await page(client, `limit=2&before=${second.prev}`)).items).toEqual(first.items);
      expect((await page(client, 'q=COBOL')).items.map((c) => c.name)).toEqual(['Grace Hopper']);
      expect((await page(client, 'q=bletchley.example')).items.map((c) => c.name)).toEqual(['alan Turing']);
      expect((await page(client, 'q=757')).items.map((c) => c.name)).toEqual(['Katherine Johnson']);
      expect((await page(client, 'sort=createdAt')).items[0]!.name).toBe('Katherine Johnson');
      expect((await page(client, 'sort=company&dir=desc')).items.map((c) => c.company)).toEqual(['Orbit', 'Cobol Systems', 'Bletchley', 'Analytical Engines']);
      expect((await page(client)).items[0]).not.toHaveProperty('orders');
      expectMessage(await client.get(`${CUSTOMERS}?sort=price`), 400, MESSAGES.invalidListQuery);
      expectMessage(await client.get(`${CUSTOMERS}?archived=yes`), 400, MESSAGES.invalidListQuery);
      expectMessage(await client.get(`${CUSTOMERS}?after=nonsense`), 400, MESSAGES.invalidCursor);
    },
  },
  {
    name: "customers: an order names one (answered with their name); their orders page and figures; another store's or an archived one is refused",
    async run(client) {
      await register(client, 'clara');
      const customer = await createCustomer(client);
      const placed = await client.post<Order>('/api/orders', { ...dock, customerId: customer._id });
      expect(placed.status).toBe(201);
      expect(placed.body).toMatchObject({ customerId: customer._id, customer: { _id: customer._id, name: grace.name } });
      const plain = await client.post<Order>('/api/orders', dock);
      expect(plain.body).not.toHaveProperty('customerId');
      const listed = (await client.get<Order[]>('/api/orders')).body;
      expect(listed.find((o) => o._id === placed.body._id)).toEqual(expect.objectContaining({ customerId: customer._id }));
      expect(listed.find((o) => o._id === placed.body._id)).not.toHaveProperty('customer');

      const theirs = await client.get<Page<Order>>(`${CUSTOMERS}/${customer._id}/orders?limit=5`);
      expect(theirs.status).toBe(200);
      expect(theirs.body).toMatchObject({ total: 1, totalExact: true, next: null, prev: null });
      expect(theirs.body.items.map((o) => o._id)).toEqual([placed.body._id]);
      expectCustomer((await client.get(`${CUSTOMERS}/${customer._id}`)).body, { _id: customer._id, orders: { orders: 1, value: 199 }, createdAt: customer.createdAt });

      const moved = await client.patch<Order>(`/api/orders/${plain.body._id}`, { ...dock, customerId: customer._id });
      expect(moved.body).toMatchObject({ customerId: customer._id, customer: { name: grace.name } });
      const cleared = await client.patch<Order>(`/api/orders/${plain.body._id}`, { ...dock, customerId: null });
      expect(cleared.body).not.toHaveProperty('customerId');

      const other = client.newSession();
      await register(other, 'cosmo');
      const stranger = await createCustomer(other, { name: 'Stranger' });
      expectMessage(await client.post('/api/orders', { ...dock, customerId: stranger._id }), 404, MESSAGES.customerNotFound);
      expectMessage(await other.get(`${CUSTOMERS}/${customer._id}/orders`), 404, MESSAGES.customerNotFound);
      expect((await client.delete(`${CUSTOMERS}/${customer._id}`)).body).toEqual({ message: MESSAGES.customerArchived, outcome: 'archived' });
      expectMessage(await client.post('/api/orders', { ...dock, customerId: customer._id }), 409, MESSAGES.customerArchivedNoOrders(grace.name));
      expectMessage(await client.patch(`/api/orders/${plain.body._id}`, { ...dock, customerId: customer._id }), 409, MESSAGES.customerArchivedNoOrders(grace.name));
      // The order that has them keeps them.
      expect((await client.patch(`/api/orders/${placed.body._id}`, { ...dock, quantity: 1, customerId: customer._id })).status).toBe(200);
    },
  },
  {
    name: 'customers: delete removes one without orders, archives one with orders (hidden unless asked), and restore brings them back',
    async run(client) {
      await register(client, 'cleo');
      const lone = await createCustomer(client, { name: 'Lone Customer' });
      const kept = await createCustomer(client);
      await client.post('/api/orders', { ...dock, customerId: kept._id });
      expect((await client.delete(`${CUSTOMERS}/${lone._id}`)).body).toEqual({ message: MESSAGES.customerDeleted, outcome: 'deleted' });
      expectMessage(await client.get(`${CUSTOMERS}/${lone._id}`), 404, MESSAGES.customerNotFound);
      expectMessage(await client.delete(`${CUSTOMERS}/${kept._id}`, { headers: { 'if-match': '"9"' } }), 409, MESSAGES.editConflict);
      expect((await client.delete(`${CUSTOMERS}/${kept._id}`)).body).toEqual({ message: MESSAGES.customerArchived, outcome: 'archived' });
      expect(await page(client)).toMatchObject({ items: [], total: 0 });
      expect((await page(client, 'archived=only')).items.map((c) => c._id)).toEqual([kept._id]);
      expect((await page(client, 'archived=include')).total).toBe(1);
      const archived = (await client.get<Customer>(`${CUSTOMERS}/${kept._id}`)).body;
      expect(archived.archivedAt).toEqual(isoDate);
      const restored = await client.post(`${CUSTOMERS}/${kept._id}/restore`);
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({ _id: kept._id, archivedAt: null, orders: { orders: 1 } });
      expect((await page(client)).items.map((c) => c._id)).toEqual([kept._id]);
      expectMessage(await client.post(`${CUSTOMERS}/${UNKNOWN_UUID}/restore`), 404, MESSAGES.customerNotFound);
    },
  },
  {
    name: 'customers: CSV import (dry run, then all or nothing, matched by email whatever its case) and an export that imports back',
    async run(client) {
      await register(client, 'corin');
      const existing = await createCustomer(client);
      const file = 'Customer Name;E-mail;Tel;VAT\nRear Admiral Hopper;GRACE@cobol.example;555;\nAda Lovelace;ada@engines.example;;GB1\n';
      const dry = await client.postForm(`${CUSTOMERS}/import?dryRun=1`, csv(file));
      expect({ status: dry.status, body: dry.body }).toEqual({ status: 200, body: { created: 1, updated: 1, encoding: 'utf-8', delimiter: ';' } });
      expect((await page(client)).total).toBe(1);
      const written = await client.postForm(`${CUSTOMERS}/import`, csv(file));
      expect({ status: written.status, body: written.body }).toEqual({ status: 200, body: { created: 1, updated: 1 } });
      expect((await client.get(`${CUSTOMERS}/${existing._id}`)).body).toMatchObject({ name: 'Rear Admiral Hopper', phone: '555', company: grace.company });

      const bad = await client.postForm(`${CUSTOMERS}/import`, csv('Name,Email\n,x@example.com\nTwin,ada@ENGINES.example\nTwin 2,ada@engines.example\n'));
      expect({ status: bad.status, body: bad.body }).toEqual({
        status: 422,
        body: {
          message: IMPORT_MESSAGES.rowErrors(2, 2),
          errors: [
            { row: 2, column: 'Name', message: MESSAGES.nameRequired },
            { row: 4, column: 'Email', message: CUSTOMER_IMPORT_MESSAGES.duplicateEmail(3) },
          ],
        },
      });
      expect((await page(client)).total).toBe(2);
      expectMessage(await client.postForm(`${CUSTOMERS}/import`, csv('Name\nA\n', { sku: 'Name' })), 400, IMPORT_MESSAGES.mappingInvalid);
      const mapped = await client.postForm(`${CUSTOMERS}/import`, csv('Who\nNew One\n', { name: 'Who' }));
      expect(mapped.body).toEqual({ created: 1, updated: 0 });

      const exported = await client.get<string>(`${CUSTOMERS}/export?timeZone=Europe/Paris`);
      expect(exported.status).toBe(200);
      expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = exported.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(exportHeader(CUSTOMER_EXPORT_COLUMNS, { timeZone: 'Europe/Paris' }).join(','));
      expect(lines.filter((line) => line !== '')).toHaveLength(4);
      const other = client.newSession();
      await register(other, 'cruz');
      const back = await other.postForm(`${CUSTOMERS}/import`, csv(exported.body));
      expect(back.body).toEqual({ created: 3, updated: 0 });
    },
  },
];
