import { EMPTY_CUSTOMER_FIELDS, MESSAGES, type LoginPayload } from '@inventory/contract';
import { demoCustomers, demoUser, mockDb } from '@inventory/mocks';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { newCustomerRequested } from '../../customer-picker/customerPicker';
import { apiClient } from '../../api/client';
import { loginRequested } from '../../session/authSlice';
import { customerListActions as list } from './customerListSlice';
import { customerOrdersActions } from './customerOrdersSlice';
import {
  createCustomerRequested,
  deleteCustomerRequested,
  getCustomerRequested,
  restoreCustomerRequested,
  updateCustomerRequested,
} from './customersSlice';

setupMockApi();

const demo: LoginPayload = { email: demoUser.email, password: demoUser.password };

async function signedInApp(): Promise<TestApp> {
  const app = createTestApp();
  app.store.dispatch(loginRequested(demo));
  await app.toastShown(MESSAGES.loggedIn, 'success');
  app.navigate.mockClear();
  return app;
}

const shown = (app: TestApp) => app.store.getState().customerList;
const held = (app: TestApp) => app.store.getState().customers;
const grace = demoCustomers.find((c) => c.name === 'Grace Hopper')!;

async function loaded(app: TestApp, id: string) {
  app.store.dispatch(getCustomerRequested(id));
  await vi.waitFor(() => expect(held(app).itemStatus).toBe('loaded'));
}

describe('customers', () => {
  it('the list comes a page at a time by name; a search and the archived filter are the server’s', async () => {
    const app = await signedInApp();
    app.store.dispatch(list.reloadRequested());
    await vi.waitFor(() => expect(shown(app).status).toBe('loaded'));
    expect(shown(app).items.map((c) => c.name)).toEqual(['Alan Turing', 'Grace Hopper', 'Katherine Johnson', 'Linus Berg', 'Margaret Hamilton']);
    expect(shown(app).total).toBe(demoCustomers.length);
    app.store.dispatch(list.searchChanged('orbit'));
    await vi.waitFor(() => expect(shown(app)).toMatchObject({ status: 'loaded', query: { q: 'orbit' } }));
    expect(shown(app).items.map((c) => c.name)).toEqual(['Katherine Johnson']);
    app.store.dispatch(list.filterChanged({ key: 'archived', value: 'only' }));
    await vi.waitFor(() => expect(shown(app)).toMatchObject({ status: 'loaded', total: 0 }));
  });

  it('create toasts and opens the new customer; an email another customer has shows under Email and keeps the form', async () => {
    const app = await signedInApp();
    app.store.dispatch(createCustomerRequested({ ...EMPTY_CUSTOMER_FIELDS, name: 'Ada Lovelace', email: 'ada@engines.example' }));
    await app.toastShown(MESSAGES.customerAdded, 'success');
    const made = mockDb.customers.find((c) => c.name === 'Ada Lovelace')!;
    expect(app.navigate).toHaveBeenCalledWith(`/customers/${made._id}`, undefined);
    app.store.dispatch(createCustomerRequested({ ...EMPTY_CUSTOMER_FIELDS, name: 'Impostor', email: 'GRACE@cobol.example' }));
    await vi.waitFor(() =>
      expect(app.store.getState().formErrors.byForm.customer).toEqual({ email: MESSAGES.customerEmailTaken(grace.email, grace.name) }),
    );
    expect(held(app).saving).toBe(false);
  });

  it('edit sends the ETag it read; deleting one without orders deletes them, one with orders archives them; restore', async () => {
    const app = await signedInApp();
    await loaded(app, grace._id);
    expect(held(app).etag).toBe('"1"');
    app.store.dispatch(updateCustomerRequested({ id: grace._id, values: { ...EMPTY_CUSTOMER_FIELDS, name: 'Grace B. Hopper' } }));
    await app.toastShown(MESSAGES.customerUpdated, 'success');
    expect(held(app).customer?.name).toBe('Grace B. Hopper');

    await apiClient.post('/api/orders', { name: 'Dock', category: 'Docks', price: 10, quantity: 1, customerId: grace._id });
    await loaded(app, grace._id);
    expect(held(app).customer?.orders).toEqual({ orders: 1, value: 10 });
    app.store.dispatch(customerOrdersActions.filterChanged({ key: 'customer', value: grace._id }));
    await vi.waitFor(() => expect(app.store.getState().customerOrders).toMatchObject({ status: 'loaded', total: 1 }));

    app.store.dispatch(deleteCustomerRequested(grace._id));
    await app.toastShown(MESSAGES.customerArchived, 'success');
    expect(held(app).customer?.archivedAt).toEqual(expect.any(String));
    app.store.dispatch(restoreCustomerRequested(grace._id));
    await app.toastShown(MESSAGES.customerRestored, 'success');
    expect(held(app).customer?.archivedAt).toBeNull();

    const linus = demoCustomers.find((c) => c.name === 'Linus Berg')!;
    await loaded(app, linus._id);
    app.store.dispatch(deleteCustomerRequested(linus._id));
    await app.toastShown(MESSAGES.customerDeleted, 'success');
    expect(app.navigate).toHaveBeenCalledWith('/customers', undefined);
    expect(mockDb.customers.some((c) => c._id === linus._id)).toBe(false);
  });

  it('the order form’s new customer is saved and handed to the picker; a bad email shows under its field', async () => {
    const app = await signedInApp();
    app.store.dispatch(newCustomerRequested({ ...EMPTY_CUSTOMER_FIELDS, name: 'Walk-in', email: 'walk@in.example' }));
    await app.toastShown(MESSAGES.customerAdded, 'success');
    expect(app.store.getState().customerPicker.created).toMatchObject({ name: 'Walk-in' });
    app.store.dispatch(newCustomerRequested({ ...EMPTY_CUSTOMER_FIELDS, name: 'Twin', email: 'WALK@in.example' }));
    await vi.waitFor(() =>
      expect(app.store.getState().formErrors.byForm.orderCustomer).toEqual({ email: MESSAGES.customerEmailTaken('walk@in.example', 'Walk-in') }),
    );
    expect(app.store.getState().customerPicker.saving).toBe(false);
  });
});
