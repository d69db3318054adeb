import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES, RESET_TOKEN_TTL_MINUTES } from '@inventory/contract';
import { demoUser, mockDb, pending, serverError, signedOut, withOverrides } from '@inventory/mocks';
import { expect, userEvent, within } from 'storybook/test';
import { expectBusy, expectPage, expectToast, expectFieldError } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { ResetPage } from './ResetPage';

const TOKEN = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

/** Signed out, with a live reset token for the demo user (as if the mail had been sent). */
function withResetToken() {
  const cleanup = signedOut()();
  mockDb.resetTokens[TOKEN] = {
    userId: demoUser._id,
    expiresAt: Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000,
    used: false,
  };
  return cleanup;
}

const meta = {
  title: 'App/Auth/Reset Password',
  component: ResetPage,
  decorators: [withAppProviders],
  parameters: { app: { route: `/resetpassword/${TOKEN}` } },
  beforeEach: withResetToken,
} satisfies Meta<typeof ResetPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function submit(canvasElement: HTMLElement, password: string, password2: string) {
  const canvas = within(canvasElement);
  await expectPage(canvasElement, 'Reset Password');
  await userEvent.type(canvas.getByLabelText(/^New Password/), password);
  await userEvent.type(canvas.getByLabelText(/^Confirm New Password/), password2);
  await userEvent.click(canvas.getByRole('button', { name: 'Reset Password' }));
}

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Reset Password');
    await expect(canvas.getByLabelText(/^New Password/)).toHaveFocus();
    await expect(canvas.getByLabelText(/^Confirm New Password/)).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(canvas.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  },
};

export const ValidationError: Story = {
  play: async ({ canvasElement }) => {
    await submit(canvasElement, 'brand-new1', 'brand-new2');
    await expectFieldError(canvasElement, /^Confirm New Password/, MESSAGES.passwordsDoNotMatch);
  },
};

export const PasswordTooShort: Story = {
  play: async ({ canvasElement }) => {
    await submit(canvasElement, 'abc', 'abc');
    await expectFieldError(canvasElement, /^New Password/, MESSAGES.passwordTooShort);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/users/resetpassword/:resetToken', 'put')) } },
  play: async ({ canvasElement }) => {
    await submit(canvasElement, 'brand-new1', 'brand-new1');
    await expectBusy(canvasElement, 'Resetting your password');
  },
};

export const ExpiredLink: Story = {
  parameters: { app: { route: '/resetpassword/0000000000000000' } },
  play: async ({ canvasElement }) => {
    await submit(canvasElement, 'brand-new1', 'brand-new1');
    await expectToast(canvasElement, MESSAGES.resetTokenInvalid, 'error');
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: withOverrides(serverError('/api/users/resetpassword/:resetToken', 'put')) } },
  play: async ({ canvasElement }) => {
    await submit(canvasElement, 'brand-new1', 'brand-new1');
    await expectToast(canvasElement, MESSAGES.internalError, 'error');
  },
};

export const Success: Story = {
  play: async ({ canvasElement }) => {
    await submit(canvasElement, 'brand-new1', 'brand-new1');
    await expectToast(canvasElement, MESSAGES.passwordReset, 'success');
    await expectPage(canvasElement, 'Login');
  },
};
