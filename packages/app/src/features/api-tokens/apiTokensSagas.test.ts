import { API_TOKEN_PREFIX, MESSAGES, forbiddenMessage } from '@inventory/contract';
import { DEMO_TOKENS, demoProducts, signedInAs } from '@inventory/mocks';
import { describe, expect, it, vi } from 'vitest';
import { signedInTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { createdTokenDismissed, tokenCreateRequested, tokenRevokeRequested, tokensRequested } from './apiTokensSlice';

setupMockApi();

const tokens = (app: TestApp) => app.store.getState().apiTokens;

async function listLoaded(app: TestApp) {
  app.store.dispatch(tokensRequested());
  await vi.waitFor(() => expect(tokens(app).status).toBe('loaded'));
}

describe('API tokens', () => {
  it('lists the live tokens, newest first, without their secrets', async () => {
    const app = await signedInTestApp(signedInAs('owner', { tokens: DEMO_TOKENS }));
    await listLoaded(app);
    expect(tokens(app).tokens.map((t) => [t.name, t.role, t.createdBy])).toEqual([
      ['Reporting', 'viewer', 'Jane Doe'],
      ['Stock sync', 'staff', 'Jane Doe'],
    ]);
    expect(JSON.stringify(tokens(app).tokens)).not.toContain(API_TOKEN_PREFIX);
  });

  it('create: checks the name and the expiry first, then shows the secret once', async () => {
    const app = await signedInTestApp(signedInAs('owner'));
    await listLoaded(app);
    app.store.dispatch(tokenCreateRequested({ name: ' ', role: 'viewer', expiresOn: '' }));
    await vi.waitFor(() => expect(tokens(app).formError).toBe(MESSAGES.tokenNameRequired));
    app.store.dispatch(tokenCreateRequested({ name: 'Sync', role: 'viewer', expiresOn: '2020-01-01' }));
    await vi.waitFor(() => expect(tokens(app).formError).toBe(MESSAGES.tokenExpiryPast));

    app.store.dispatch(tokenCreateRequested({ name: ' Stock sync ', role: 'staff', expiresOn: '' }));
    await app.toastShown(MESSAGES.tokenCreated, 'success');
    const { created } = tokens(app);
    expect(created).toMatchObject({ name: 'Stock sync', role: 'staff', expiresAt: null });
    expect(created?.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(tokens(app).tokens[0]).not.toHaveProperty('token');
    expect(tokens(app).tokens.map((t) => t.name)).toEqual(['Stock sync']);
    expect(tokens(app).formError).toBeNull();

    app.store.dispatch(createdTokenDismissed());
    expect(tokens(app).created).toBeNull();
  });

  it('the secret works: a script with it reads the catalogue', async () => {
    const app = await signedInTestApp(signedInAs('owner'));
    app.store.dispatch(tokenCreateRequested({ name: 'Reader', role: 'viewer', expiresOn: '' }));
    await app.toastShown(MESSAGES.tokenCreated, 'success');
    const response = await fetch('http://script.mock.test/api/products', {
      headers: { authorization: `Bearer ${tokens(app).created!.token}` },
    });
    expect(((await response.json()) as unknown[]).length).toBe(demoProducts.length);
  });

  it('revoke takes it off the list', async () => {
    const app = await signedInTestApp(signedInAs('owner', { tokens: DEMO_TOKENS }));
    await listLoaded(app);
    const [reporting] = tokens(app).tokens;
    app.store.dispatch(tokenRevokeRequested(reporting!._id));
    expect(tokens(app).revoking).toBe(reporting!._id);
    await app.toastShown(MESSAGES.tokenRevoked, 'success');
    expect(tokens(app).tokens.map((t) => t.name)).toEqual(['Stock sync']);
    expect(tokens(app).revoking).toBeNull();
  });

  it('a manager is refused: the list says why', async () => {
    const app = await signedInTestApp(signedInAs('manager'));
    await vi.waitFor(() => expect(app.store.getState().membership.status).toBe('loaded'));
    app.store.dispatch(tokensRequested());
    await vi.waitFor(() => expect(tokens(app).status).toBe('failed'));
    expect(tokens(app).message).toBe(forbiddenMessage('manager', 'tokens:manage'));
  });
});
