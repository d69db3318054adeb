import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import {
  DEMO_INVITATIONS,
  DEMO_TEAM_MEMBERS,
  demoStore,
  inStores,
  secondStore,
  serverError,
  signedInAs,
  withOverrides,
} from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { confirmDialog } from '../../stories/catalogueStoryHelpers';
import { expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { TeamPage } from './TeamPage';

const meta = {
  title: 'App/Team/Team',
  component: TeamPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/team' } },
  beforeEach: signedInAs('owner', { invitations: DEMO_INVITATIONS }),
} satisfies Meta<typeof TeamPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The data rows of a table named by its caption. */
async function rowsOf(canvasElement: HTMLElement, name: string, count?: number): Promise<HTMLElement[]> {
  let rows: HTMLElement[] = [];
  await waitFor(async () => {
    const table = within(canvasElement).getByRole('table', { name });
    rows = within(table).getAllByRole('row').slice(1);
    await expect(within(rows[0]!).queryAllByRole('cell').length).toBeGreaterThan(1);
    if (count !== undefined) await expect(rows).toHaveLength(count);
  }, SLOW);
  return rows;
}

const rowNamed = (rows: HTMLElement[], text: string) => rows.find((row) => row.textContent?.includes(text))!;

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');

/** The owner's view: every member manageable but herself, the invite form, pending invitations, store actions. */
export const OwnerView: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Team');
    await expect(await canvas.findByLabelText(/^Store name/, {}, SLOW)).toHaveValue(demoStore.name);
    const rows = await rowsOf(canvasElement, 'Members', 4);
    await expect(rows.map((row) => cellsOf(row)[0])).toEqual([
      'Jane DoeYou',
      'Sam Carter',
      'Priya Patel',
      'Leo Martin',
    ]);
    await expect(cellsOf(rows[0]!).slice(1, 5)).toEqual(['jane@example.com', 'Owner', '2 months ago', 'just now']);
    // The one owner is not offered Leave store; the row says why (issue 26).
    await expect(within(rows[0]!).queryByRole('button', { name: 'Leave store' })).toBeNull();
    await expect(within(rows[0]!).getByText(MESSAGES.lastOwner)).toBeVisible();
    await expect(within(rows[0]!).queryByRole('combobox')).toBeNull();
    const priyaRole = within(rowNamed(rows, 'Priya')).getByRole('combobox', { name: 'Role of Priya Patel' });
    await expect(priyaRole).toHaveValue('staff');
    await expect(
      within(priyaRole)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Owner', 'Manager', 'Staff', 'Viewer']);
    await expect(within(rowNamed(rows, 'Leo')).getByRole('button', { name: 'Remove Leo Martin' })).toBeVisible();
    await expect(cellsOf(rowNamed(rows, 'Leo'))[4]).toBe('Never');
    await expect(canvas.getByRole('heading', { name: 'Invite a member' })).toBeVisible();
    const invitations = await rowsOf(canvasElement, 'Pending invitations', 2);
    await expect(cellsOf(invitations[0]!).slice(0, 5)).toEqual([
      'maria@example.com',
      'Staff',
      'Jane Doe',
      'yesterday',
      'in 6 days',
    ]);
    await expect(canvas.getByRole('button', { name: /Delete store/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Create store/ })).toBeVisible();
  },
};

/** A manager moves staff and viewers only, and invites staff or viewers. */
export const ManagerView: Story = {
  beforeEach: signedInAs('manager'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await rowsOf(canvasElement, 'Members', 5);
    await expect(within(rowNamed(rows, 'John Smith')).queryByRole('combobox')).toBeNull();
    await expect(within(rowNamed(rows, 'Sam Carter')).queryByRole('combobox')).toBeNull();
    const leoRole = within(rowNamed(rows, 'Leo')).getByRole('combobox', { name: 'Role of Leo Martin' });
    await expect(
      within(leoRole)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Staff', 'Viewer']);
    const inviteRole = canvas.getByRole('combobox', { name: /^Role$/ });
    await expect(
      within(inviteRole)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Staff', 'Viewer']);
    // Only owners rename or delete the store.
    await expect(canvas.queryByLabelText(/^Store name/)).toBeNull();
    await expect(canvas.getByText(demoStore.name, { selector: 'p' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Delete store/ })).toBeNull();
  },
};

/** Staff (and viewers) see the members read-only: no role selects, no Remove, no invitations; they may leave. */
export const StaffReadOnly: Story = {
  beforeEach: signedInAs('staff'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await rowsOf(canvasElement, 'Members', 5);
    await expect(canvas.queryAllByRole('combobox')).toEqual([]);
    await expect(canvas.queryByRole('button', { name: /^Remove/ })).toBeNull();
    await expect(within(rowNamed(rows, 'Jane')).getByRole('button', { name: 'Leave store' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Invite a member' })).toBeNull();
    await expect(canvas.queryByRole('table', { name: 'Pending invitations' })).toBeNull();
    await expect(canvas.getByText(/Your role:/).parentElement).toHaveTextContent(
      'Your role: Staff (Adds and edits products and orders; deletes nothing)',
    );
  },
};

export const InviteInvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rowsOf(canvasElement, 'Members', 4);
    const email = canvas.getByLabelText(/^Email/);
    await userEvent.click(canvas.getByRole('button', { name: /Send invitation/ }));
    await expect(await canvas.findByText(MESSAGES.emailRequired)).toBeVisible();
    await userEvent.type(email, 'maria@example');
    await userEvent.click(canvas.getByRole('button', { name: /Send invitation/ }));
    await expect(await canvas.findByText(MESSAGES.invalidEmail)).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveFocus();
    await expect(email).toHaveValue('maria@example');
  },
};

/** The server refuses (409): its message under the email, and what was typed stays. */
export const InviteAlreadyMember: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rowsOf(canvasElement, 'Members', 4);
    const email = canvas.getByLabelText(/^Email/);
    await userEvent.type(email, 'sam@example.com');
    await userEvent.click(canvas.getByRole('button', { name: /Send invitation/ }));
    await expect(await canvas.findByText(MESSAGES.alreadyMember('sam@example.com'), {}, SLOW)).toBeVisible();
    await expect(email).toHaveValue('sam@example.com');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
  },
};

export const InviteSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rowsOf(canvasElement, 'Pending invitations', 2);
    await userEvent.type(canvas.getByLabelText(/^Email/), 'nina@example.com');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: /^Role$/ }), 'viewer');
    await expect(canvas.getByText('Reads only')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Send invitation/ }));
    await expectToast(canvasElement, MESSAGES.invitationSent('nina@example.com'), 'success');
    const rows = await rowsOf(canvasElement, 'Pending invitations', 3);
    await expect(cellsOf(rows[0]!).slice(0, 5)).toEqual([
      'nina@example.com',
      'Viewer',
      'Jane Doe',
      'just now',
      'in 7 days',
    ]);
    await expect(canvas.getByLabelText(/^Email/)).toHaveValue('');
  },
};

export const RevokeInvitation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rowsOf(canvasElement, 'Pending invitations', 2);
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke the invitation to maria@example.com' }));
    await expectToast(canvasElement, MESSAGES.invitationRevoked, 'success');
    const rows = await rowsOf(canvasElement, 'Pending invitations', 1);
    await expect(cellsOf(rows[0]!)[0]).toBe('tom@example.com');
  },
};

export const ChangeRole: Story = {
  play: async ({ canvasElement }) => {
    const rows = await rowsOf(canvasElement, 'Members', 4);
    const select = within(rowNamed(rows, 'Priya')).getByRole('combobox', { name: 'Role of Priya Patel' });
    await userEvent.selectOptions(select, 'manager');
    await expectToast(canvasElement, MESSAGES.roleChanged, 'success');
    await expect(select).toHaveValue('manager');
  },
};

/** Remove asks first; Cancel keeps the member. */
export const RemoveMember: Story = {
  play: async ({ canvasElement }) => {
    const remove = async () => {
      const rows = await rowsOf(canvasElement, 'Members');
      await userEvent.click(within(rowNamed(rows, 'Leo')).getByRole('button', { name: 'Remove Leo Martin' }));
      return confirmDialog();
    };
    let dialog = await remove();
    await expect(within(dialog).getByText('Remove Leo Martin?')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await rowsOf(canvasElement, 'Members', 4);
    dialog = await remove();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expectToast(canvasElement, MESSAGES.memberRemoved, 'success');
    const rows = await rowsOf(canvasElement, 'Members', 3);
    await expect(rows.map((row) => cellsOf(row)[1])).not.toContain('leo@example.com');
  },
};

/** The last owner is not offered Leave store: the row says why instead, before anything is confirmed (issue 26). */
export const LastOwnerCannotLeave: Story = {
  play: async ({ canvasElement }) => {
    const rows = await rowsOf(canvasElement, 'Members', 4);
    await expect(within(rows[0]!).getByText(MESSAGES.lastOwner)).toBeVisible();
    await expect(within(rows[0]!).queryByRole('button', { name: 'Leave store' })).toBeNull();
    await expectPage(canvasElement, 'Team');
  },
};

/** Staff leave: moved to their other store and its dashboard. */
export const LeaveStore: Story = {
  beforeEach: inStores([
    { ...demoStore, role: 'staff', members: DEMO_TEAM_MEMBERS, active: true },
    { ...secondStore, role: 'owner' },
  ]),
  play: async ({ canvasElement }) => {
    const rows = await rowsOf(canvasElement, 'Members', 5);
    await userEvent.click(within(rowNamed(rows, 'Jane')).getByRole('button', { name: 'Leave store' }));
    const dialog = await confirmDialog();
    await expect(within(dialog).getByText(`Leave ${demoStore.name}?`)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave store' }));
    await expectToast(canvasElement, MESSAGES.leftStore, 'success');
    await expectPage(canvasElement, 'Dashboard');
    // One store left: no switcher.
    await expect(within(canvasElement).queryByRole('button', { name: /^Store:/ })).toBeNull();
  },
};

export const RenameStore: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByLabelText(/^Store name/, {}, SLOW);
    await userEvent.clear(name);
    await userEvent.click(canvas.getByRole('button', { name: 'Save name' }));
    await expect(await canvas.findByText(MESSAGES.storeNameRequired)).toBeVisible();
    await userEvent.type(name, 'Acme Computers');
    await expect(canvas.queryByText(MESSAGES.storeNameRequired)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Save name' }));
    await expectToast(canvasElement, MESSAGES.storeRenamed, 'success');
    await expect(canvas.getByText('The people who work on Acme Computers')).toBeVisible();
  },
};

/** A new store: owned, active and empty; the team is you alone, and the header gets the switcher. */
export const CreateStore: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rowsOf(canvasElement, 'Members', 4);
    await userEvent.type(canvas.getByLabelText(/^New store name/), 'Pop-up Shop');
    await userEvent.click(canvas.getByRole('button', { name: /Create store/ }));
    await expectToast(canvasElement, MESSAGES.storeCreated, 'success');
    await expect(await canvas.findByText('The people who work on Pop-up Shop', {}, SLOW)).toBeVisible();
    const rows = await rowsOf(canvasElement, 'Members', 1);
    await expect(cellsOf(rows[0]!).slice(0, 3)).toEqual(['Jane DoeYou', 'jane@example.com', 'Owner']);
    await expect(await canvas.findByRole('button', { name: 'Store: Pop-up Shop' }, SLOW)).toBeVisible();
    await expect(canvas.getByLabelText(/^New store name/)).toHaveValue('');
  },
};

/** Delete asks first, saying what goes. */
export const DeleteStoreConfirm: Story = {
  play: async ({ canvasElement }) => {
    await rowsOf(canvasElement, 'Members', 4);
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Delete store/ }));
    const dialog = await confirmDialog();
    await expect(within(dialog).getByText(`Delete ${demoStore.name}?`)).toBeVisible();
    await expect(
      within(dialog).getByText(/all its products, orders, images, invitations and API tokens/),
    ).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  },
};

/** The invitations cannot be loaded: their card says so, with a retry; the rest of the page works. */
export const InvitationsLoadFailed: Story = {
  parameters: { msw: { handlers: withOverrides(serverError('/api/stores/active/invitations', 'get')) } },
  play: async ({ canvasElement }) => {
    await rowsOf(canvasElement, 'Members', 4);
    const alert = await within(canvasElement).findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(MESSAGES.internalError);
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** The user's stores cannot be loaded: the page says so, with a retry. */
export const StoresLoadFailed: Story = {
  parameters: { msw: { handlers: withOverrides(serverError('/api/stores', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Team');
    const alert = await within(canvasElement).findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(MESSAGES.genericError);
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
