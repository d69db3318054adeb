import { MESSAGES, ROLE_LABELS } from '@inventory/contract';
import { demoProducts, demoStore, demoUser, mockDb, otherUser, seedUser, signedInAs } from '@inventory/mocks';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, signedInTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { selectActiveStore } from '../../membership/selectors';
import { registerRequested } from '../../session/authSlice';
import { invitationAcceptRequested, invitationRequested } from './invitationSlice';

setupMockApi();

const TOKEN = 'c0ffee'.repeat(10);
const invitation = (app: TestApp) => app.store.getState().invitation;

/** Jane's store, with an open invitation of John Smith (staff) at TOKEN; John is registered (a store of his own). */
function invited() {
  signedInAs('owner', { invitations: [{ email: otherUser.email, role: 'staff', token: TOKEN }] })();
  seedUser(otherUser);
}

describe('registering through the link', () => {
  it('joins the invited store, opens its dashboard, and makes no store of ones own (issue 26)', async () => {
    signedInAs('owner', { invitations: [{ email: 'maria@example.com', role: 'staff', token: TOKEN }] })();
    mockDb.defaultSession = null;
    const app = createTestApp();
    app.store.dispatch(
      registerRequested({
        name: 'Maria Garcia',
        email: 'maria@example.com',
        password: 'secret123',
        password2: 'secret123',
        next: `/invitations/${TOKEN}`,
        invitation: TOKEN,
      }),
    );
    await app.toastShown(MESSAGES.registered, 'success');
    expect(app.navigate).toHaveBeenCalledWith('/dashboard', undefined);
    await vi.waitFor(() => expect(app.store.getState().membership.status).toBe('loaded'));
    expect(app.store.getState().membership.stores).toEqual([
      expect.objectContaining({ _id: demoStore._id, role: 'staff', active: true }),
    ]);
  });
});

describe('the invitation page', () => {
  it('signed out: what the link offers, and that nobody is signed in', async () => {
    invited();
    mockDb.defaultSession = null;
    const app = createTestApp();
    app.store.dispatch(invitationRequested(TOKEN));
    await vi.waitFor(() => expect(invitation(app).status).toBe('loaded'));
    expect(invitation(app)).toMatchObject({
      signedIn: false,
      preview: { storeName: demoStore.name, email: otherUser.email, role: 'staff', invitedBy: demoUser.name },
    });
    expect(ROLE_LABELS[invitation(app).preview!.role]).toBe('Staff');
  });

  it('an unknown, used or revoked link: the server says so', async () => {
    const app = createTestApp();
    app.store.dispatch(invitationRequested('f'.repeat(64)));
    await vi.waitFor(() => expect(invitation(app).status).toBe('invalid'));
    expect(invitation(app).message).toBe(MESSAGES.invitationInvalid);
    expect(app.toasts()).toEqual([]);
  });

  it('signed in with the invited email: Join makes the store the active one and opens its dashboard', async () => {
    const app = await signedInTestApp(invited, otherUser);
    expect(selectActiveStore(app.store.getState())?.name).not.toBe(demoStore.name);
    app.store.dispatch(invitationRequested(TOKEN));
    await vi.waitFor(() => expect(invitation(app).signedIn).toBe(true));
    app.store.dispatch(invitationAcceptRequested(TOKEN));
    await app.toastShown(MESSAGES.invitationAccepted(demoStore.name), 'success');
    expect(app.navigate).toHaveBeenCalledWith('/dashboard', undefined);
    expect(selectActiveStore(app.store.getState())).toMatchObject({ _id: demoStore._id, role: 'staff' });
    await vi.waitFor(() =>
      expect(app.store.getState().productList).toMatchObject({ status: 'loaded', total: demoProducts.length }),
    );
    await vi.waitFor(() => expect(app.store.getState().membership.stores).toHaveLength(2));
  });

  it('signed in with another email: the server refuses, and the page says why', async () => {
    const app = await signedInTestApp(invited, demoUser);
    app.store.dispatch(invitationRequested(TOKEN));
    await vi.waitFor(() => expect(invitation(app).status).toBe('loaded'));
    app.store.dispatch(invitationAcceptRequested(TOKEN));
    await vi.waitFor(() => expect(invitation(app).joinRefused).toBe(true));
    expect(app.toasts('error')).toEqual([]);
    expect(invitation(app)).toMatchObject({
      joining: false,
      joinRefused: true,
      message: MESSAGES.invitationOtherEmail(otherUser.email),
    });
    expect(app.navigate).not.toHaveBeenCalled();
  });
});
