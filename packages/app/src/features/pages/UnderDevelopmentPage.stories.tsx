import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import { signedIn } from '@inventory/mocks';
import { expect, within } from 'storybook/test';
import { expectPage } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { UnderDevelopmentPage } from './UnderDevelopmentPage';

const meta = {
  title: 'App/Under Development',
  component: UnderDevelopmentPage,
  decorators: [withAppProviders],
  args: { title: 'Invoices' },
  beforeEach: signedIn(),
} satisfies Meta<typeof UnderDevelopmentPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function expectUnderDevelopment(canvasElement: HTMLElement, title: string, link: string) {
  const canvas = within(canvasElement);
  await expectPage(canvasElement, title);
  await expect(canvas.getByText(MESSAGES.underDevelopment)).toBeVisible();
  // Inside the layout, its sidebar item current.
  const nav = canvas.getByRole('navigation', { name: 'Main' });
  await expect(within(nav).getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
}

export const Invoices: Story = {
  parameters: { app: { route: '/invoices' } },
  play: async ({ canvasElement }) => expectUnderDevelopment(canvasElement, 'Invoices', 'Invoices'),
};
