import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import { asUser, asVisitor, demoStore, demoUser, mockDb, mockState, otherUser, signedInAs } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { InvitationPage } from './InvitationPage';

const TOKEN = 'b7'.repeat(32);
const LINK = `/invitations/${TOKEN}`;

/** Jane's store has invited John Smith (registered, with a store of his own) as staff. */
const invited = signedInAs('owner', { invitations: [{ email: otherUser.email, role: 'staff', token: TOKEN }] });

const meta = {
  title: 'App/Invitations/Invitation',
  component: InvitationPage,
  decorators: [withAppProviders],
  parameters: { app: { route: LINK } },
  beforeEach: mockState(invited, asUser(otherUser), asVisitor()),
} satisfies Meta<typeof InvitationPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function offer(canvasElement: HTMLElement) {
  await expectPage(canvasElement, 'Invitation');
  const text = await within(canvasElement).findByText(/invited you to join/, {}, SLOW);
  await expect(text.closest('p')).toHaveTextContent(`${demoUser.name} invited you to join ${demoStore.name} as Staff.`);
}

/** Signed out: Register (the invited email filled in) or Sign in, both coming back here. */
export const SignedOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await offer(canvasElement);
    await expect(canvas.getByText(otherUser.email, { selector: 'dd' })).toBeVisible();
    const back = encodeURIComponent(LINK);
    await expect(canvas.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      `/register?email=${encodeURIComponent(otherUser.email)}&invitation=${TOKEN}&next=${back}`,
    );
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?email=${encodeURIComponent(otherUser.email)}&next=${back}`,
    );
    await expect(canvas.queryByRole('button', { name: /^Join/ })).toBeNull();
  },
};

/** Sign in from the invitation: the email is filled in, and the app comes back to the invitation. */
export const SignInAndComeBack: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await offer(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: 'Sign in' }));
    await expectPage(canvasElement, 'Login');
    await expect(canvas.getByLabelText(/Email/)).toHaveValue(otherUser.email);
    await userEvent.type(canvas.getByLabelText(/Password/), otherUser.password);
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expectToast(canvasElement, MESSAGES.loggedIn, 'success');
    await offer(canvasElement);
    await expect(await canvas.findByRole('button', { name: `Join ${demoStore.name}` }, SLOW)).toBeVisible();
  },
};

/** Signed in as the invited user: Join, then the store's dashboard. */
export const SignedIn: Story = {
  beforeEach: mockState(invited, asUser(otherUser)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await offer(canvasElement);
    const join = await canvas.findByRole('button', { name: `Join ${demoStore.name}` }, SLOW);
    await expect(canvas.queryByRole('link', { name: 'Register' })).toBeNull();
    await userEvent.click(join);
    await expectToast(canvasElement, MESSAGES.invitationAccepted(demoStore.name), 'success');
    await expectPage(canvasElement, 'Dashboard');
    await expect(await canvas.findByRole('button', { name: `Store: ${demoStore.name}` }, SLOW)).toBeVisible();
  },
};

/** Signed in with another email: the server refuses, and the page says why. */
export const OtherEmail: Story = {
  beforeEach: mockState(invited, asUser(demoUser)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await offer(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: `Join ${demoStore.name}` }, SLOW));
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(MESSAGES.invitationOtherEmail(otherUser.email));
    await expectPage(canvasElement, 'Invitation');
    await expect(canvas.getByRole('button', { name: `Join ${demoStore.name}` })).toBeEnabled();
  },
};

/** Unknown, used, revoked or expired: the server's words, and a way out. */
export const InvalidLink: Story = {
  parameters: { app: { route: `/invitations/${'0'.repeat(64)}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Invitation');
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(MESSAGES.invitationInvalid);
    await expect(canvas.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await expect(canvas.queryByRole('link', { name: 'Register' })).toBeNull();
  },
};

/**
 * Someone new: Register from the invitation (the email filled in) and work in the store at once; no store of their own
 * appears (issue 26).
 */
export const RegisterAndJoin: Story = {
  beforeEach: mockState(
    signedInAs('owner', { invitations: [{ email: 'maria@example.com', role: 'viewer', token: TOKEN }] }),
    asVisitor(),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Invitation');
    await userEvent.click(await canvas.findByRole('link', { name: 'Register' }, SLOW));
    await expectPage(canvasElement, 'Register');
    await expect(canvas.getByLabelText(/^Email/)).toHaveValue('maria@example.com');
    await userEvent.type(canvas.getByLabelText(/^Name/), 'Maria Garcia');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'secret123');
    await userEvent.type(canvas.getByLabelText(/^Confirm Password/), 'secret123');
    await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
    await expectToast(canvasElement, MESSAGES.registered, 'success');
    await expectPage(canvasElement, 'Dashboard');
    await expect(await canvas.findByText(demoStore.name, {}, SLOW)).toBeVisible();
    await expect(canvas.queryByText("Maria Garcia's store")).toBeNull();
    await expect(mockDb.memberships.filter((m) => m.userId === mockDb.users.find((u) => u.email === 'maria@example.com')?._id)).toHaveLength(1);
    // A viewer: nothing to add.
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Add Product' })).toBeNull(), SLOW);
  },
};
