import { MESSAGES, forbiddenMessage } from '@inventory/contract';
import {
  DEMO_INVITATIONS,
  DEMO_TEAM_MEMBERS,
  demoStore,
  demoTeam,
  demoUser,
  inStores,
  latestInvitationLink,
  mockDb,
  secondStore,
  signedInAs,
} from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { selectActiveStore } from '../../membership/selectors';
import {
  inviteRequested,
  invitationRevokeRequested,
  memberRemoveRequested,
  roleChangeRequested,
  storeCreateRequested,
  storeDeleteRequested,
  storeRenameRequested,
  teamRequested,
} from './teamSlice';

setupMockApi();

let requests: string[] = [];
const record = ({ request }: { request: Request }) =>
  void requests.push(`${request.method} ${new URL(request.url).pathname}`);
beforeEach(() => {
  requests = [];
  server.events.on('request:start', record);
});
afterEach(() => void server.events.removeListener('request:start', record));

const team = (app: TestApp) => app.store.getState().team;
const [sam, priya, leo] = demoTeam;

async function teamLoaded(app: TestApp, invitations = true) {
  app.store.dispatch(teamRequested({ invitations }));
  await vi.waitFor(() => expect(team(app).membersStatus).toBe('loaded'));
  if (invitations) await vi.waitFor(() => expect(team(app).invitationsStatus).toBe('loaded'));
}

describe('the team of the active store', () => {
  it('loads the members (owners first) and, for those who manage them, the open invitations', async () => {
    const app = await signedInTestApp(signedInAs('owner', { invitations: DEMO_INVITATIONS }));
    await teamLoaded(app);
    expect(team(app).members.map((m) => `${m.name} ${m.role}`)).toEqual([
      'Jane Doe owner',
      'Sam Carter manager',
      'Priya Patel staff',
      'Leo Martin viewer',
    ]);
    expect(team(app).invitations.map((i) => i.email)).toEqual(['maria@example.com', 'tom@example.com']);
  });

  it('staff load the members only', async () => {
    const app = await signedInTestApp(signedInAs('staff'));
    await teamLoaded(app, false);
    expect(team(app).members).toHaveLength(5);
    expect(requests).not.toContain('GET /api/stores/active/invitations');
  });
});

describe('invite', () => {
  it('checks the email first, then sends: the invitation is listed, a toast, a mail', async () => {
    const app = await signedInTestApp(signedInAs('owner'));
    await teamLoaded(app);
    app.store.dispatch(inviteRequested({ email: 'maria@', role: 'staff' }));
    await vi.waitFor(() => expect(team(app).formErrors.invite).toBe(MESSAGES.invalidEmail));
    expect(requests).not.toContain('POST /api/stores/active/invitations');

    app.store.dispatch(inviteRequested({ email: ' Maria@Example.com ', role: 'viewer' }));
    await app.toastShown(MESSAGES.invitationSent('maria@example.com'), 'success');
    expect(team(app).invitations[0]).toMatchObject({
      email: 'maria@example.com',
      role: 'viewer',
      invitedBy: demoUser.name,
    });
    expect(team(app).formErrors.invite).toBeUndefined();
    expect(team(app).formDone.invite).toBe(1);
    expect(latestInvitationLink('maria@example.com')).toMatch(/\/invitations\/[0-9a-f]+$/);
  });

  it("the server's 409 shows under the email, and what was typed stays", async () => {
    const app = await signedInTestApp(signedInAs('owner'));
    await teamLoaded(app);
    app.store.dispatch(inviteRequested({ email: sam!.user.email, role: 'staff' }));
    await vi.waitFor(() => expect(team(app).formErrors.invite).toBe(MESSAGES.alreadyMember(sam!.user.email)));
    expect(team(app).formDone.invite).toBe(0);
    expect(team(app).busyForm).toBeNull();
  });

  it('a manager cannot give the manager role: the server says so', async () => {
    const app = await signedInTestApp(signedInAs('manager'));
    await teamLoaded(app);
    app.store.dispatch(inviteRequested({ email: 'new@example.com', role: 'manager' }));
    await app.toastShown(MESSAGES.roleNotAssignable('manager'), 'error');
  });

  it('revoke takes the invitation off the list', async () => {
    const app = await signedInTestApp(signedInAs('owner', { invitations: DEMO_INVITATIONS }));
    await teamLoaded(app);
    app.store.dispatch(invitationRevokeRequested(team(app).invitations[0]!._id));
    await app.toastShown(MESSAGES.invitationRevoked, 'success');
    expect(team(app).invitations.map((i) => i.email)).toEqual(['tom@example.com']);
  });
});

describe('members', () => {
  it('a role change updates the row', async () => {
    const app = await signedInTestApp(signedInAs('owner'));
    await teamLoaded(app);
    app.store.dispatch(roleChangeRequested({ userId: priya!.user._id, role: 'viewer' }));
    expect(team(app).busyMember).toBe(priya!.user._id);
    await app.toastShown(MESSAGES.roleChanged, 'success');
    expect(team(app).members.find((m) => m.userId === priya!.user._id)?.role).toBe('viewer');
    expect(team(app).busyMember).toBeNull();
  });

  it('a refused change says why and leaves the row as it was', async () => {
    const app = await signedInTestApp(signedInAs('manager'));
    await teamLoaded(app);
    app.store.dispatch(roleChangeRequested({ userId: leo!.user._id, role: 'owner' }));
    await app.toastShown(MESSAGES.roleNotAssignable('owner'), 'error');
    expect(team(app).members.find((m) => m.userId === leo!.user._id)?.role).toBe('viewer');
    expect(team(app).busyMember).toBeNull();
  });

  it('remove takes the member off the list', async () => {
    const app = await signedInTestApp(signedInAs('owner'));
    await teamLoaded(app);
    app.store.dispatch(memberRemoveRequested({ userId: leo!.user._id, self: false }));
    await app.toastShown(MESSAGES.memberRemoved, 'success');
    expect(team(app).members.map((m) => m.name)).not.toContain('Leo Martin');
  });

  it('leaving moves you to another of your stores and its dashboard', async () => {
    const app = await signedInTestApp(
      inStores([
        { ...demoStore, role: 'staff', members: DEMO_TEAM_MEMBERS, active: true },
        { ...secondStore, role: 'owner' },
      ]),
    );
    await teamLoaded(app, false);
    app.store.dispatch(memberRemoveRequested({ userId: demoUser._id, self: true }));
    expect(team(app).leaving).toBe(true);
    await app.toastShown(MESSAGES.leftStore, 'success');
    await vi.waitFor(() => expect(app.navigate).toHaveBeenCalledWith('/dashboard', undefined));
    expect(app.store.getState().membership.stores).toEqual([{ ...secondStore, role: 'owner', active: true }]);
    expect(team(app).leaving).toBe(false);
  });

  it('the last owner cannot leave: the server says so', async () => {
    const app = await signedInTestApp(signedInAs('owner'));
    await teamLoaded(app);
    app.store.dispatch(memberRemoveRequested({ userId: demoUser._id, self: true }));
    await app.toastShown(MESSAGES.lastOwner, 'error');
    expect(team(app).leaving).toBe(false);
    expect(app.navigate).not.toHaveBeenCalled();
  });
});

describe('the store itself', () => {
  it('rename: the name is checked, then saved and shown everywhere', async () => {
    const app = await signedInTestApp(signedInAs('owner'));
    app.store.dispatch(storeRenameRequested('   '));
    await vi.waitFor(() => expect(team(app).formErrors.rename).toBe(MESSAGES.storeNameRequired));
    app.store.dispatch(storeRenameRequested('  Acme Computers '));
    await app.toastShown(MESSAGES.storeRenamed, 'success');
    expect(selectActiveStore(app.store.getState())?.name).toBe('Acme Computers');
    expect(team(app).formDone.rename).toBe(1);
  });

  it('rename refused for a manager: the role message', async () => {
    const app = await signedInTestApp(signedInAs('manager'));
    app.store.dispatch(storeRenameRequested('Mine'));
    await app.toastShown(forbiddenMessage('manager', 'store:manage'), 'error');
    expect(team(app).busyForm).toBeNull();
  });

  it('create: a new store, owned and active; the catalogue is its (empty)', async () => {
    const app = await signedInTestApp();
    app.store.dispatch(storeCreateRequested('Pop-up Shop'));
    await app.toastShown(MESSAGES.storeCreated, 'success');
    const state = app.store.getState();
    expect(selectActiveStore(state)).toMatchObject({ name: 'Pop-up Shop', role: 'owner' });
    await vi.waitFor(() =>
      expect(app.store.getState().productList).toMatchObject({ status: 'loaded', total: 0, items: [] }),
    );
    expect(team(app).formDone.create).toBe(1);
    await vi.waitFor(() => expect(app.store.getState().membership.stores).toHaveLength(2));
  });

  it('delete: the store goes, the session moves to another, the dashboard opens', async () => {
    const app = await signedInTestApp(
      inStores([
        { ...demoStore, role: 'owner' },
        { ...secondStore, role: 'owner', active: true },
      ]),
    );
    app.store.dispatch(storeDeleteRequested());
    await app.toastShown(MESSAGES.storeDeleted, 'success');
    await vi.waitFor(() => expect(app.navigate).toHaveBeenCalledWith('/dashboard', undefined));
    expect(app.store.getState().membership.stores).toEqual([{ ...demoStore, role: 'owner', active: true }]);
    expect(mockDb.stores.some((s) => s._id === secondStore._id)).toBe(false);
  });
});
