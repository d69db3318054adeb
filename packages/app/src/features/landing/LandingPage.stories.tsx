import type { Meta, StoryObj } from '@storybook/react-vite';
import { FOOTER_YEAR, LANDING_STATS, MESSAGES } from '@inventory/contract';
import { signedIn, signedOut } from '@inventory/mocks';
import { expect, userEvent, within } from 'storybook/test';
import { expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { LandingPage } from './LandingPage';

const meta = {
  title: 'App/Landing',
  component: LandingPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/' } },
  beforeEach: signedOut(),
} satisfies Meta<typeof LandingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoggedOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Inventory & Stock Management Solution');
    await expect(canvas.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    await expect(canvas.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(canvas.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Free Trial 1 Month' })).toHaveAttribute('href', '/dashboard');
    for (const stat of LANDING_STATS) {
      await expect(canvas.getByText(stat.value)).toBeVisible();
      await expect(canvas.getByText(stat.label)).toBeVisible();
    }
    await expect(canvas.getByText(`All Rights Reserved. © ${FOOTER_YEAR}`)).toBeVisible();
  },
};

export const LoggedIn: Story = {
  beforeEach: signedIn(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Inventory & Stock Management Solution');
    // The start-up login-status call turns Register/Login into Dashboard.
    await expect(await canvas.findByRole('link', { name: 'Dashboard' }, SLOW)).toHaveAttribute('href', '/dashboard');
    await expect(canvas.queryByRole('link', { name: 'Register' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Login' })).toBeNull();
  },
};

export const FreeTrialWhenSignedOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Inventory & Stock Management Solution');
    await userEvent.click(canvas.getByRole('link', { name: 'Free Trial 1 Month' }));
    await expectToast(canvasElement, MESSAGES.sessionExpired, 'info');
    await expectPage(canvasElement, 'Login');
  },
};
