import type { Meta, StoryObj } from '@storybook/react-vite';
import { makeProduct, mockState, withOrders, withProducts } from '@inventory/mocks';
import { expect, userEvent, within } from 'storybook/test';
import { expectPage, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { fakeScanner, withScanner } from '../../scanning/fakeScanner';
import { AddOrderPage } from './AddOrderPage';

const cable = makeProduct({
  name: 'USB-C cable 2 m',
  category: 'Cables',
  sku: 'CAB-USB-C-2M',
  price: 19.9,
  quantity: 12,
});
const scanned = fakeScanner({ codes: [cable.sku] });

/** The order form's product picker: Scan chooses the product whose label the camera reads. */
const meta = {
  title: 'App/Orders/Order product scan',
  component: AddOrderPage,
  decorators: [withAppProviders, withScanner(scanned.scanner)],
  parameters: { app: { route: '/add-Order' } },
  beforeEach: mockState(withProducts([cable]), withOrders()),
} satisfies Meta<typeof AddOrderPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ScanChoosesProduct: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add New Order');
    await userEvent.click(canvas.getByRole('button', { name: "Scan a product's barcode" }));
    await expect(await canvas.findByText('In stock: 12', {}, SLOW)).toBeVisible();
    await expect(canvas.getByLabelText(/^Name/)).toHaveValue(cable.name);
    await expect(canvas.getByLabelText(/^Price/)).toHaveValue('19.9');
    await expect(within(document.body).queryByRole('dialog')).toBeNull();
  },
};
