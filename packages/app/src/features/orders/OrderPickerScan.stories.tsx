import type { Meta, StoryObj } from '@storybook/react-vite';
import { makeProduct, mockState, withOrders, withProducts } from '@inventory/mocks';
import { expect, userEvent, within } from 'storybook/test';
import { expectPage, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { fakeScanner, withScannerParameter } from '../../scanning/fakeScanner';
import { AddOrderPage } from './AddOrderPage';

const cable = makeProduct({
  name: 'USB-C cable 2 m',
  category: 'Cables',
  sku: 'CAB-USB-C-2M',
  price: 19.9,
  quantity: 12,
});
const keyboard = makeProduct({
  _id: '90000000-0000-4000-8000-00000000ea13',
  name: 'Wireless keyboard DE',
  category: 'Accessories',
  sku: 'KEY-DE-01',
  barcode: '4006381333931',
  mpn: 'K380-DE',
  price: 39.9,
  quantity: 7,
});
const scanned = fakeScanner({ codes: [cable.sku] });

/** The order form's product picker: Scan chooses the product whose label the camera reads. */
const meta = {
  title: 'App/Orders/Order product scan',
  component: AddOrderPage,
  decorators: [withAppProviders, withScannerParameter],
  parameters: { app: { route: '/add-Order' }, scanner: scanned.scanner },
  beforeEach: mockState(withProducts([cable, keyboard]), withOrders()),
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

const eanScanned = fakeScanner({ codes: [keyboard.barcode!] });
/** Scan reads the EAN-13 on a product's box: the picker chooses the product with that barcode. */
export const ScanEanChoosesProduct: Story = {
  parameters: { scanner: eanScanned.scanner },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add New Order');
    await userEvent.click(canvas.getByRole('button', { name: "Scan a product's barcode" }));
    await expect(await canvas.findByText('In stock: 7', {}, SLOW)).toBeVisible();
    await expect(canvas.getByLabelText(/^Name/)).toHaveValue(keyboard.name);
    await expect(canvas.getByLabelText(/^Price/)).toHaveValue('39.9');
    await expect(within(document.body).queryByRole('dialog')).toBeNull();
  },
};
