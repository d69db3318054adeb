import {
  customerListQuerySchema,
  customerOrderFigures,
  customerOrdersQuerySchema,
  customerSchema,
  customerUpdateSchema,
  emailMatchKey,
  firstIssueMessage,
  idParamsSchema,
  keysetPage,
  MESSAGES,
  queryCustomers,
  toCents,
  type Customer,
  type OrderStatus,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import {
  customersOf,
  mockDb,
  newUuid,
  notifyMockDbChange,
  ordersOf,
  stampChange,
  toActor,
  toPublicCustomer,
  toListedOrder,
  type StoredCustomer,
} from '../db';
import { api, errorResponse, etag, isStaleEdit, readJsonBody } from '../http';
import { requireStore } from '../store-auth';
import { removeOrArchive, restoreArchived } from './archivable';

/** The customer `:id` names in this store, or undefined (unknown, another store's, or not a UUID: all 404). */
export function ownCustomer(id: string | null | undefined, storeId: string): StoredCustomer | undefined {
  if (!idParamsSchema.safeParse({ id }).success) return undefined;
  return mockDb.customers.find((c) => c._id === id && c.storeId === storeId);
}

const notFound = () => errorResponse(404, MESSAGES.customerNotFound);

/** Their orders' figures, by the contract's rule over the orders grouped by status (as the server's one query). */
function figuresOf(customer: StoredCustomer) {
  const groups = new Map<OrderStatus, { orders: number; valueCents: number }>();
  for (const order of mockDb.orders.filter((o) => o.storeId === customer.storeId && o.customerId === customer._id)) {
    const status = order.status ?? 'open';
    const group = groups.get(status) ?? { orders: 0, valueCents: 0 };
    group.orders += 1;
    group.valueCents += toCents(order.price) * order.quantity;
    groups.set(status, group);
  }
  return customerOrderFigures([...groups].map(([status, group]) => ({ status, ...group })));
}

function customerResponse(customer: StoredCustomer, status = 200): Response {
  const answer: Customer = {
    ...toPublicCustomer(customer),
    orders: figuresOf(customer),
    createdBy: toActor(customer.creator),
    updatedBy: toActor(customer.changer),
  };
  return HttpResponse.json(answer, { status, headers: { ETag: etag(customer.version) } });
}

/** Another customer of the store with this email (whatever its case): the server's unique index, as a 409. */
function emailTaken(storeId: string, email: string | undefined, self?: StoredCustomer): Response | null {
  if (!email) return null;
  const holder = customersOf(storeId).find((c) => c !== self && c.email !== '' && emailMatchKey(c.email) === emailMatchKey(email));
  return holder ? errorResponse(409, MESSAGES.customerEmailTaken(holder.email, holder.name)) : null;
}

const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

/** The customer routes of the API, with the server's behaviour (features/customers): the rules are the contract's. */
export const customerHandlers = [
  http.get(api('/customers'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'customers:read');
    if (!auth.ok) return auth.response;
    const query = customerListQuerySchema.safeParse(queryOf(request));
    if (!query.success) return errorResponse(400, firstIssueMessage(query.error));
    const page = queryCustomers(customersOf(auth.store._id).map(toPublicCustomer), query.data);
    return HttpResponse.json(page);
  }),

  http.post(api('/customers'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'customers:create');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = customerSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const taken = emailTaken(auth.store._id, parsed.data.email);
    if (taken) return taken;
    const now = new Date().toISOString();
    const customer: StoredCustomer = {
      _id: newUuid(),
      ...parsed.data,
      archivedAt: null,
      createdAt: now,
      updatedAt: now,
      storeId: auth.store._id,
      version: 1,
      creator: auth.actor,
      changer: auth.actor,
    };
    mockDb.customers.push(customer);
    notifyMockDbChange();
    return customerResponse(customer, 201);
  }),

  http.get<{ id: string }>(api('/customers/:id'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'customers:read');
    if (!auth.ok) return auth.response;
    const customer = ownCustomer(params.id, auth.store._id);
    return customer ? customerResponse(customer) : notFound();
  }),

  http.patch<{ id: string }>(api('/customers/:id'), async ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'customers:update');
    if (!auth.ok) return auth.response;
    const customer = ownCustomer(params.id, auth.store._id);
    if (!customer) return notFound();
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = customerUpdateSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    if (isStaleEdit(request, customer.version)) return errorResponse(409, MESSAGES.editConflict);
    const taken = emailTaken(auth.store._id, parsed.data.email, customer);
    if (taken) return taken;
    Object.assign(customer, parsed.data);
    stampChange(customer, auth.actor);
    notifyMockDbChange();
    return customerResponse(customer);
  }),

  http.delete<{ id: string }>(api('/customers/:id'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'customers:delete');
    if (!auth.ok) return auth.response;
    const customer = ownCustomer(params.id, auth.store._id);
    if (!customer) return notFound();
    if (isStaleEdit(request, customer.version)) return errorResponse(409, MESSAGES.editConflict);
    const outcome = removeOrArchive(customer, mockDb.orders.filter((o) => o.customerId === customer._id).length, () => {
      mockDb.customers = mockDb.customers.filter((c) => c !== customer);
    }, auth.actor);
    return HttpResponse.json({ message: outcome === 'deleted' ? MESSAGES.customerDeleted : MESSAGES.customerArchived, outcome });
  }),

  http.post<{ id: string }>(api('/customers/:id/restore'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'customers:delete');
    if (!auth.ok) return auth.response;
    const customer = ownCustomer(params.id, auth.store._id);
    if (!customer) return notFound();
    if (isStaleEdit(request, customer.version)) return errorResponse(409, MESSAGES.editConflict);
    restoreArchived(customer, auth.actor);
    return customerResponse(customer);
  }),

  http.get<{ id: string }>(api('/customers/:id/orders'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'customers:read');
    if (!auth.ok) return auth.response;
    const query = customerOrdersQuerySchema.safeParse(queryOf(request));
    if (!query.success) return errorResponse(400, firstIssueMessage(query.error));
    const customer = ownCustomer(params.id, auth.store._id);
    if (!customer) return notFound();
    // Each order of lines with its sales status, as the orders list's pages (0046).
    const theirs = ordersOf(auth.store._id).filter((o) => o.customerId === customer._id).map(toListedOrder);
    return HttpResponse.json(keysetPage(theirs, { ...query.data, sort: 'createdAt', dir: 'desc' }, (order) => order.createdAt, true));
  }),
];
