import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import { demoUser, pending, serverError, signedOut, withOverrides } from '@inventory/mocks';
import { expect, userEvent, within } from 'storybook/test';
import { expectBusy, expectPage, expectToast, SLOW, expectFieldError } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { LoginPage } from './LoginPage';

const meta = {
  title: 'App/Auth/Login',
  component: LoginPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/login' } },
  beforeEach: signedOut(),
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillAndSubmit(canvasElement: HTMLElement, email: string, password: string) {
  const canvas = within(canvasElement);
  await expectPage(canvasElement, 'Login');
  if (email) await userEvent.type(canvas.getByLabelText(/Email/), email);
  if (password) await userEvent.type(canvas.getByLabelText(/Password/), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
}

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Login');
    const email = canvas.getByLabelText(/Email/);
    await expect(email).toHaveFocus();
    await expect(document.title).toBe('Login | Inventory');
    await expect(canvas.getByLabelText(/Password/)).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgot');
    await expect(canvas.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(canvas.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  },
};

export const ValidationError: Story = {
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, 'jane@example', 'secret123');
    await expectFieldError(canvasElement, /^Email/, MESSAGES.invalidEmail);
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  },
};

export const MissingFields: Story = {
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, '', '');
    await expectToast(canvasElement, MESSAGES.allFieldsRequired, 'error');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/users/login', 'post')) } },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, demoUser.email, demoUser.password);
    await expectBusy(canvasElement, 'Logging in');
    await expect(within(canvasElement).getByRole('button', { name: /Login/ })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const WrongPassword: Story = {
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, demoUser.email, 'not-the-password');
    await expectToast(canvasElement, MESSAGES.invalidCredentials, 'error');
    await expect(within(canvasElement).getByRole('button', { name: 'Login' })).toBeEnabled();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: withOverrides(serverError('/api/users/login', 'post')) } },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, demoUser.email, demoUser.password);
    await expectToast(canvasElement, MESSAGES.internalError, 'error');
  },
};

export const Success: Story = {
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, demoUser.email, demoUser.password);
    await expectToast(canvasElement, MESSAGES.loggedIn, 'success');
    await expectPage(canvasElement, 'Dashboard');
    await expect(await within(canvasElement).findByText(demoUser.name, {}, SLOW)).toBeVisible();
  },
};
