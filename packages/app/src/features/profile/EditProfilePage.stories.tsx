import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import {
  demoUser,
  failing,
  otherUser,
  pending,
  serverError,
  signedIn,
  signedOut,
  withOverrides,
} from '@inventory/mocks';
import { http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectPage, expectToast, SLOW, expectFieldError } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { EditProfilePage } from './EditProfilePage';

const meta = {
  title: 'App/Profile/Edit Profile',
  component: EditProfilePage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/edit-profile' } },
  beforeEach: signedIn(),
} satisfies Meta<typeof EditProfilePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The form, once the user has loaded (a direct visit holds no user, so the screen loads it first). */
async function openForm(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await expectPage(canvasElement, 'Edit Profile');
  const name = await canvas.findByRole('textbox', { name: 'Name' }, SLOW);
  return { canvas, name };
}

async function replaceName(canvasElement: HTMLElement, value: string) {
  const { canvas, name } = await openForm(canvasElement);
  await userEvent.clear(name);
  await userEvent.type(name, value);
  return canvas;
}

/** A small blue PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGOQqzhBEmIY1TCqYfhqAABoaV4Qi1HI+QAAAABJRU5ErkJggg==';
const pngFile = () =>
  new File([Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0))], 'me.png', { type: 'image/png' });

/** Chooses a file as a user can with the picker's 'All files' (the input's `accept` is only a hint). */
async function choosePhoto(canvasElement: HTMLElement, file: File) {
  const input = within(canvasElement).getByLabelText(/^Photo/);
  await userEvent.setup({ applyAccept: false }).upload(input, file);
}

/** Every API request a story makes after the form shows; the spy handler records it and lets it through. */
const sent: string[] = [];
const spy = http.all('*/api/*', ({ request }) => {
  sent.push(`${request.method} ${new URL(request.url).pathname}`);
});

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, name } = await openForm(canvasElement);
    await expect(name).toHaveValue(demoUser.name);
    const email = canvas.getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveValue(demoUser.email);
    await expect(email).toBeDisabled();
    await expect(email).toHaveAccessibleDescription(MESSAGES.emailCannotChange);
    await expect(canvas.getByText(MESSAGES.emailCannotChange)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Phone' })).toHaveValue(demoUser.phone);
    await expect(canvas.getByRole('textbox', { name: 'Bio' })).toHaveValue(demoUser.bio);
    await expect(canvas.getByRole('img', { name: 'Preview of the current image' })).toHaveAttribute(
      'src',
      `${location.origin}${demoUser.photo}`,
    );
    await expect(canvas.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    const card = canvas.getByRole('region', { name: 'Change Password' });
    for (const label of [/^Old Password/, /^New Password/, /^Confirm New Password/]) {
      await expect(within(card).getByLabelText(label)).toHaveValue('');
    }
    await expect(within(card).getByRole('button', { name: 'Change Password' })).toBeEnabled();
  },
};

export const Saving: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/users/updateuser', 'patch')) } },
  play: async ({ canvasElement }) => {
    const canvas = await replaceName(canvasElement, 'Jane Q. Doe');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }));
    const button = canvas.getByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(button).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await replaceName(canvasElement, 'Jane Q. Doe');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }));
    await expectToast(canvasElement, MESSAGES.profileUpdated, 'success');
    await expectPage(canvasElement, 'Profile');
    await expect(await canvas.findByText('Jane Q. Doe', { selector: 'dd' }, SLOW)).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('banner')).toHaveTextContent('Welcome, Jane Q. Doe'), SLOW);
  },
};

export const SaveFails: Story = {
  parameters: { msw: { handlers: withOverrides(serverError('/api/users/updateuser', 'patch')) } },
  play: async ({ canvasElement }) => {
    const canvas = await replaceName(canvasElement, 'Jane Q. Doe');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }));
    await expectToast(canvasElement, MESSAGES.internalError, 'error');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveValue('Jane Q. Doe');
    await expect(canvas.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  },
};

export const BadPhotoType: Story = {
  parameters: { msw: { handlers: withOverrides(spy) } },
  play: async ({ canvasElement }) => {
    const canvas = await replaceName(canvasElement, 'Someone Else');
    await choosePhoto(canvasElement, new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    const input = canvas.getByLabelText(/^Photo/);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.imageTypeNotAllowed));
    sent.length = 0;
    await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }));
    // The field already says it; Save says it again in an error toast.
    await waitFor(
      () =>
        expect(canvasElement.querySelector('li[data-kind="error"]')).toHaveTextContent(MESSAGES.imageTypeNotAllowed),
      SLOW,
    );
    // Nothing uploaded, nothing saved: no request at all, and the form stays.
    await expect(sent).toEqual([]);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveValue('Someone Else');
  },
};

export const WithNewPhoto: Story = {
  beforeEach: signedIn(otherUser),
  parameters: { msw: { handlers: withOverrides(spy) } },
  play: async ({ canvasElement }) => {
    const { canvas } = await openForm(canvasElement);
    // The API answers the default avatar for "no photo": the form shows none.
    await expect(canvas.getByText('No photo set.')).toBeVisible();
    await choosePhoto(canvasElement, pngFile());
    await expect(canvas.getByRole('img', { name: 'Preview of me.png' })).toBeVisible();
    await expect(canvas.getByLabelText(/^Photo/)).not.toHaveAttribute('aria-invalid');
    sent.length = 0;
    await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }));
    await expectToast(canvasElement, MESSAGES.profileUpdated, 'success');
    await expect(sent.slice(0, 2)).toEqual(['POST /api/uploads', 'PATCH /api/users/updateuser']);
    await expectPage(canvasElement, 'Profile');
    // The profile shows the uploaded photo, loaded from its new address.
    await waitFor(async () => {
      const photo = canvas.getByRole('img', { name: otherUser.name }) as HTMLImageElement;
      await expect(photo.tagName).toBe('IMG');
      await expect(photo.getAttribute('src')).toMatch(new RegExp(`^${location.origin}/uploads/.+\\.png$`));
      await expect(photo.complete && photo.naturalWidth).toBe(16);
    }, SLOW);
  },
};

export const UploadFails: Story = {
  parameters: {
    msw: { handlers: withOverrides(failing('/api/uploads', 415, MESSAGES.imageTypeNotAllowed, 'post')) },
  },
  play: async ({ canvasElement }) => {
    const { canvas } = await openForm(canvasElement);
    await choosePhoto(canvasElement, pngFile());
    await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }));
    await expectToast(canvasElement, MESSAGES.imageTypeNotAllowed, 'error');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  },
};

/** A direct visit when the user cannot be loaded: the redirect to /profile, which shows the error. */
export const UserCannotLoad: Story = {
  parameters: { msw: { handlers: withOverrides(serverError('/api/users/getuser', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Profile');
    const alert = await within(canvasElement).findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(MESSAGES.profileLoadFailed);
  },
};

export const SessionExpired: Story = {
  beforeEach: signedOut(),
  play: async ({ canvasElement }) => {
    await expectToast(canvasElement, MESSAGES.sessionExpired, 'info');
    await expectPage(canvasElement, 'Login');
  },
};

async function changePassword(canvasElement: HTMLElement, oldPassword: string, password: string, password2: string) {
  const { canvas } = await openForm(canvasElement);
  const card = within(canvas.getByRole('region', { name: 'Change Password' }));
  await userEvent.type(card.getByLabelText(/^Old Password/), oldPassword);
  await userEvent.type(card.getByLabelText(/^New Password/), password);
  await userEvent.type(card.getByLabelText(/^Confirm New Password/), password2);
  await userEvent.click(card.getByRole('button', { name: 'Change Password' }));
  return { canvas, card };
}

export const PasswordMismatch: Story = {
  play: async ({ canvasElement }) => {
    const { card } = await changePassword(canvasElement, demoUser.password, 'brand-new1', 'brand-new2');
    await expectFieldError(canvasElement, /^Confirm New Password/, MESSAGES.newPasswordsDoNotMatch);
    await expect(card.getByLabelText(/^Confirm New Password/)).toHaveValue('brand-new2');
  },
};

export const WrongOldPassword: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await changePassword(canvasElement, 'not-my-password', 'brand-new1', 'brand-new1');
    await expectFieldError(canvasElement, /^Old Password/, MESSAGES.wrongOldPassword);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  },
};

export const ChangingPassword: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/users/changepassword', 'patch')) } },
  play: async ({ canvasElement }) => {
    const { card } = await changePassword(canvasElement, demoUser.password, 'brand-new1', 'brand-new1');
    const button = card.getByRole('button', { name: 'Change Password' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
  },
};

export const PasswordChanged: Story = {
  play: async ({ canvasElement }) => {
    await changePassword(canvasElement, demoUser.password, 'brand-new1', 'brand-new1');
    await expectToast(canvasElement, MESSAGES.passwordChanged, 'success');
    await expectPage(canvasElement, 'Profile');
  },
};
