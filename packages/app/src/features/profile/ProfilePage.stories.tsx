import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import { demoUser, otherUser, pending, serverError, signedIn, signedOut, withOverrides } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectBusy, expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { ProfilePage } from './ProfilePage';

const meta = {
  title: 'App/Profile/Profile',
  component: ProfilePage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/profile' } },
  beforeEach: signedIn(),
} satisfies Meta<typeof ProfilePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Profile');
    await expect(await canvas.findByText(demoUser.email, {}, SLOW)).toBeVisible();
    for (const text of [demoUser.name, demoUser.phone, demoUser.bio]) {
      await expect(canvas.getByText(text, { selector: 'dd' })).toBeVisible();
    }
    const photo = canvas.getByRole('img', { name: demoUser.name });
    // The API answers the photo absolute (the mock: on the page's origin).
    await expect(photo).toHaveAttribute('src', `${location.origin}${demoUser.photo}`);
    const edit = within(canvas.getByRole('main')).getByRole('link', { name: 'Edit Profile' });
    await expect(edit).toHaveAttribute('href', '/edit-profile');
    await userEvent.click(edit);
    await expectPage(canvasElement, 'Edit Profile');
  },
};

/** A user without photo, phone or bio (the API answers the default avatar for the photo): initials and 'Not set'. */
export const WithoutPhoto: Story = {
  beforeEach: signedIn(otherUser),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(otherUser.email, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('img', { name: otherUser.name })).toHaveTextContent('JS');
    await expect(canvas.getAllByText('Not set')).toHaveLength(2);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/users/getuser', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Profile');
    await expectBusy(canvasElement, 'Loading your profile');
    const main = within(canvasElement).getByRole('main');
    await expect(within(main).queryByRole('link', { name: 'Edit Profile' })).toBeNull();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: withOverrides(serverError('/api/users/getuser', 'get')) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Profile');
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(MESSAGES.profileLoadFailed);
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
    await waitFor(() => expect(canvas.getAllByText(MESSAGES.internalError).length).toBeGreaterThan(0), SLOW);
    await expect(within(canvas.getByRole('main')).queryByRole('link', { name: 'Edit Profile' })).toBeNull();
  },
};

export const SessionExpired: Story = {
  beforeEach: signedOut(),
  play: async ({ canvasElement }) => {
    await expectToast(canvasElement, MESSAGES.sessionExpired, 'info');
    await expectPage(canvasElement, 'Login');
  },
};
