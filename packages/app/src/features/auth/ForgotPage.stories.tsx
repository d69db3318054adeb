import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import { demoUser, pending, serverError, signedOut, withOverrides } from '@inventory/mocks';
import { expect, userEvent, within } from 'storybook/test';
import { expectBusy, expectPage, expectToast, expectFieldError } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { ForgotPage } from './ForgotPage';

const meta = {
  title: 'App/Auth/Forgot Password',
  component: ForgotPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/forgot' } },
  beforeEach: signedOut(),
} satisfies Meta<typeof ForgotPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function submit(canvasElement: HTMLElement, email: string) {
  const canvas = within(canvasElement);
  await expectPage(canvasElement, 'Forgot Password');
  if (email) await userEvent.type(canvas.getByLabelText(/Email/), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Get Reset Email' }));
}

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Forgot Password');
    await expect(canvas.getByLabelText(/Email/)).toHaveFocus();
    await expect(canvas.getByRole('button', { name: 'Get Reset Email' })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(canvas.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  },
};

export const ValidationError: Story = {
  play: async ({ canvasElement }) => {
    await submit(canvasElement, '');
    await expectFieldError(canvasElement, /^Email/, MESSAGES.emailRequired);
  },
};

export const InvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    await submit(canvasElement, 'jane.example.com');
    await expectFieldError(canvasElement, /^Email/, MESSAGES.invalidEmail);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/users/forgotpassword', 'post')) } },
  play: async ({ canvasElement }) => {
    await submit(canvasElement, demoUser.email);
    await expectBusy(canvasElement, 'Sending the reset email');
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: withOverrides(serverError('/api/users/forgotpassword', 'post')) } },
  play: async ({ canvasElement }) => {
    await submit(canvasElement, demoUser.email);
    await expectToast(canvasElement, MESSAGES.internalError, 'error');
  },
};

export const Success: Story = {
  play: async ({ canvasElement }) => {
    await submit(canvasElement, demoUser.email);
    await expectToast(canvasElement, MESSAGES.resetEmailSent, 'success');
  },
};
