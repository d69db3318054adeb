import type { Meta, StoryObj } from '@storybook/react-vite';
import { signedOut } from '@inventory/mocks';
import { userEvent, within } from 'storybook/test';
import { expectPage } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { NotFoundPage } from './NotFoundPage';

const meta = {
  title: 'App/Not Found',
  component: NotFoundPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/no-such-page' } },
  beforeEach: signedOut(),
} satisfies Meta<typeof NotFoundPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UnknownPath: Story = {
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Page not found');
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Go to the home page' }));
    await expectPage(canvasElement, 'Inventory & Stock Management Solution');
  },
};
