import { categoryCounts, MESSAGES, type LoginPayload } from '@inventory/contract';
import { demoProducts, demoUser, mockDb } from '@inventory/mocks';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { categorySuggestionsRequested } from '../../category-suggestions/categorySuggestions';
import { loginRequested } from '../../session/authSlice';
import { categoriesRequested, mergeCategoryRequested, renameCategoryRequested } from './categoriesSlice';

setupMockApi();

const demo: LoginPayload = { email: demoUser.email, password: demoUser.password };

async function signedInApp(): Promise<TestApp> {
  const app = createTestApp();
  app.store.dispatch(loginRequested(demo));
  await app.toastShown(MESSAGES.loggedIn, 'success');
  return app;
}

const held = (app: TestApp) => app.store.getState().categories;
async function loaded(app: TestApp) {
  app.store.dispatch(categoriesRequested());
  await vi.waitFor(() => expect(held(app).status).toBe('loaded'));
  return held(app);
}
const idOf = (app: TestApp, name: string) => held(app).items.find((category) => category.name === name)!._id;

describe('categories', () => {
  it('the page loads every category with its count, in order of the names', async () => {
    const app = await signedInApp();
    const state = await loaded(app);
    expect(state.items.map(({ name, products }) => ({ name, products }))).toEqual(categoryCounts(demoProducts));
    expect(state.total).toBe(categoryCounts(demoProducts).length);
  });

  it('a rename is said and the list follows; every product of the category takes the name', async () => {
    const app = await signedInApp();
    await loaded(app);
    const before = held(app).done;
    app.store.dispatch(renameCategoryRequested({ id: idOf(app, 'Storage'), name: 'Storage & backup' }));
    await app.toastShown(MESSAGES.categoryRenamed('Storage & backup'), 'success');
    await vi.waitFor(() => expect(held(app).items.map((category) => category.name)).toContain('Storage & backup'));
    expect(held(app)).toMatchObject({ saving: false, done: before + 1 });
    expect(mockDb.products.filter((product) => product.category === 'Storage')).toEqual([]);
  });

  it("a name another category has shows under the field (merge instead), and the dialog stays open", async () => {
    const app = await signedInApp();
    await loaded(app);
    const before = held(app).done;
    app.store.dispatch(renameCategoryRequested({ id: idOf(app, 'Printers'), name: 'láptops' }));
    await vi.waitFor(() => expect(app.store.getState().formErrors.byForm.categoryRename).toEqual({ category: MESSAGES.categoryNameTaken('Laptops') }));
    expect(held(app)).toMatchObject({ saving: false, done: before });
  });

  it('a merge says how many products moved; the category is gone from the list', async () => {
    const app = await signedInApp();
    await loaded(app);
    const printers = held(app).items.find((category) => category.name === 'Printers')!;
    app.store.dispatch(mergeCategoryRequested({ id: printers._id, into: idOf(app, 'Accessories') }));
    await app.toastShown(MESSAGES.categoryMerged(printers.products, 'Accessories'), 'success');
    await vi.waitFor(() => expect(held(app).items.map((category) => category.name)).not.toContain('Printers'));
    // Merged away meanwhile (another tab): the server's 404 is toasted and the list reloaded.
    app.store.dispatch(mergeCategoryRequested({ id: printers._id, into: idOf(app, 'Accessories') }));
    await app.toastShown(MESSAGES.categoryNotFound, 'error');
  });

  it("the product form's suggestions are the store's categories matching what is typed, any case, any accents", async () => {
    const app = await signedInApp();
    app.store.dispatch(categorySuggestionsRequested('LÁP'));
    await vi.waitFor(() => expect(app.store.getState().categorySuggestions).toEqual({ query: 'LÁP', names: ['Laptops'] }));
    app.store.dispatch(categorySuggestionsRequested(''));
    await vi.waitFor(() => expect(app.store.getState().categorySuggestions.names).toHaveLength(8 > categoryCounts(demoProducts).length ? categoryCounts(demoProducts).length : 8));
  });
});
