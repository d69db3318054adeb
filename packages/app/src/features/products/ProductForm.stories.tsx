import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES, forbiddenMessage } from '@inventory/contract';
import {
  failing,
  mockDb,
  pending,
  productWithImage,
  productWithoutImage,
  signedInAs,
  withOverrides,
  withProducts,
} from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectBusy, expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { requestRecorder, waitForRows } from '../../stories/catalogueStoryHelpers';
import { AddProductPage } from './AddProductPage';

/** The product form of /add-product and /edit-product/:id (one component, ProductForm). */
const meta = {
  title: 'App/Products/Product form',
  component: AddProductPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/add-product' } },
  beforeEach: withProducts(),
} satisfies Meta<typeof AddProductPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const field = (canvasElement: HTMLElement, label: string) =>
  within(canvasElement).getByLabelText(new RegExp(`^${label}`));

async function fill(
  canvasElement: HTMLElement,
  values: Partial<Record<'Name' | 'Category' | 'Price' | 'Quantity', string>>,
) {
  for (const [label, value] of Object.entries(values)) {
    const input = field(canvasElement, label);
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
}

async function formReady(canvasElement: HTMLElement, title: string) {
  await expectPage(canvasElement, title);
  // The description editor is loaded lazily with the form.
  await within(canvasElement).findByText('Description', {}, SLOW);
  await within(canvasElement).findByRole('textbox', { name: /Description/ }, SLOW);
}

const save = (canvasElement: HTMLElement) =>
  userEvent.click(within(canvasElement).getByRole('button', { name: /Save Product/ }));

async function pngFile(name: string): Promise<File> {
  const blob = await (await fetch('/uploads/demo-laptop.png')).blob();
  return new File([blob], name, { type: 'image/png' });
}

export const AddIdle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await formReady(canvasElement, 'Add Product');
    await expect(document.title).toBe('Add Product | Inventory');
    await expect(canvas.getByText(MESSAGES.noImage)).toBeVisible();
    for (const label of ['Name', 'Category', 'Price', 'Quantity'])
      await expect(field(canvasElement, label)).toHaveValue('');
    await expect(canvas.getByLabelText(/Product Image/)).toHaveAttribute('type', 'file');
    await expect(canvas.getByRole('button', { name: 'Save Product' })).toBeEnabled();
  },
};

/** The category suggests the store's categories as it is typed (any case, any accents); a pick writes their spelling. */
export const CategorySuggestions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await formReady(canvasElement, 'Add Product');
    const category = canvas.getByRole('combobox', { name: /^Category/ });
    await userEvent.type(category, 'LÁP');
    const list = await canvas.findByRole('listbox', { name: 'Categories' }, SLOW);
    await waitFor(() => expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Laptops']), SLOW);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(category).toHaveValue('Laptops');
    await expect(category).toHaveAttribute('aria-expanded', 'false');
  },
};

/** A category typed in other letters than the store's says which spelling it is saved as. */
export const CategoryOtherSpelling: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await formReady(canvasElement, 'Add Product');
    const category = canvas.getByRole('combobox', { name: /^Category/ });
    await userEvent.type(category, 'laptops');
    await waitFor(() => expect(category).toHaveAccessibleDescription('Saved as Laptops, the spelling your store uses'), SLOW);
  },
};

const posts = requestRecorder('post', '/api/products');

/** Bad values show field errors; nothing is sent. */
export const ValidationErrors: Story = {
  parameters: { msw: { handlers: withOverrides(posts.handler) } },
  beforeEach: () => {
    posts.reset();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await formReady(canvasElement, 'Add Product');
    await save(canvasElement);
    await expect(await canvas.findByText(MESSAGES.nameRequired)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.categoryRequired)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.priceRequired)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.quantityRequired)).toBeVisible();
    await expect(field(canvasElement, 'Name')).toHaveFocus();
    await expect(field(canvasElement, 'Name')).toHaveAttribute('aria-invalid', 'true');

    await fill(canvasElement, { Name: 'Dock', Category: 'Accessories', Price: '12.345', Quantity: '1.5' });
    await save(canvasElement);
    await expect(await canvas.findByText(MESSAGES.priceDecimals)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.quantityInvalid)).toBeVisible();
    await expect(canvas.queryByText(MESSAGES.nameRequired)).toBeNull();
    await expect(field(canvasElement, 'Price')).toHaveFocus();
    // A price written with thousands separators is told exactly what to change (issue 26).
    await fill(canvasElement, { Price: '1,299.00', Quantity: '1' });
    await save(canvasElement);
    await expect(await canvas.findByText(MESSAGES.priceThousandsSeparator)).toBeVisible();
    await expect(posts.seen).toHaveLength(0);
  },
};

/** The optional reorder point: not a whole number of 0 or more shows its error and sends nothing; a good one is saved. */
export const ReorderPointError: Story = {
  parameters: { msw: { handlers: withOverrides(posts.handler) } },
  beforeEach: () => {
    posts.reset();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await formReady(canvasElement, 'Add Product');
    await fill(canvasElement, { Name: 'USB-C Hub', Category: 'Accessories', Price: '39', Quantity: '12' });
    const reorder = canvas.getByLabelText(/^Reorder point/);
    await userEvent.type(reorder, '-3');
    await save(canvasElement);
    await expect(await canvas.findByText(MESSAGES.reorderPointInvalid)).toBeVisible();
    await expect(reorder).toHaveFocus();
    await expect(reorder).toHaveAttribute('aria-invalid', 'true');
    await expect(posts.seen).toHaveLength(0);
    await userEvent.clear(reorder);
    await expect(canvas.queryByText(MESSAGES.reorderPointInvalid)).toBeNull();
    await userEvent.type(reorder, '4');
    await save(canvasElement);
    await expectToast(canvasElement, MESSAGES.productAdded, 'success');
    await waitFor(() => expect(mockDb.products.find((p) => p.name === 'USB-C Hub')?.reorderPoint).toBe(4), SLOW);
  },
};

/** A png with a preview, then saved: 'Product added successfully' and the dashboard lists it first. */
export const AddSuccess: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await formReady(canvasElement, 'Add Product');
    await userEvent.upload(canvas.getByLabelText(/Product Image/), await pngFile('dock.png'));
    await expect(await canvas.findByRole('img', { name: 'Preview of dock.png' })).toBeVisible();
    await fill(canvasElement, { Name: 'Dell Pro Dock WD25', Category: 'Accessories', Price: '1249.5', Quantity: '3' });
    await save(canvasElement);
    await expectToast(canvasElement, MESSAGES.productAdded, 'success');
    await expectPage(canvasElement, 'Dashboard');
    const rows = await waitForRows(canvasElement, 'Inventory Items');
    await expect(rows[0]).toHaveTextContent('Dell Pro Dock WD...');
    await expect(rows[0]).toHaveTextContent('$3,748.50');
  },
};

/** Issue 25: the supplier's own SKU, the box's EAN (its check digit checked as typed) and the part number. */
export const OwnCodes: Story = {
  play: async ({ canvasElement }) => {
    await formReady(canvasElement, 'Add Product');
    await fill(canvasElement, { Name: 'Dell Pro Dock WD25', Category: 'Accessories', Price: '249', Quantity: '3' });
    await userEvent.type(field(canvasElement, 'SKU'), 'DELL-WD25-EU');
    await userEvent.type(field(canvasElement, 'Barcode'), '4006381333932');
    await userEvent.type(field(canvasElement, 'Part number'), '210-BMXX');
    await save(canvasElement);
    const barcode = field(canvasElement, 'Barcode');
    await waitFor(() => expect(barcode).toHaveAttribute('aria-invalid', 'true'));
    await expect(barcode).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.barcodeCheckDigit(1)));
    await expect(barcode).toHaveFocus();
    await userEvent.clear(barcode);
    await userEvent.type(barcode, '4006381333931');
    await expect(barcode).not.toHaveAttribute('aria-invalid');
    await save(canvasElement);
    await expectToast(canvasElement, MESSAGES.productAdded, 'success');
    await expectPage(canvasElement, 'Dashboard');
    const saved = mockDb.products.find((product) => product.name === 'Dell Pro Dock WD25');
    await expect({ sku: saved?.sku, barcode: saved?.barcode, mpn: saved?.mpn }).toEqual({
      sku: 'DELL-WD25-EU',
      barcode: '4006381333931',
      mpn: '210-BMXX',
    });
  },
};

/** Issue 25: an owner or manager enters what the shop pays (a money input like the price, checked as typed). */
export const WithCost: Story = {
  beforeEach: signedInAs('manager'),
  play: async ({ canvasElement }) => {
    await formReady(canvasElement, 'Add Product');
    await fill(canvasElement, { Name: 'Dell Pro Dock WD25', Category: 'Accessories', Price: '249', Quantity: '3' });
    const cost = field(canvasElement, 'Cost');
    await userEvent.type(cost, '180.505');
    await save(canvasElement);
    await waitFor(() => expect(cost).toHaveAttribute('aria-invalid', 'true'));
    await expect(cost).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.costDecimals));
    await expect(cost).toHaveFocus();
    await userEvent.clear(cost);
    await userEvent.type(cost, '180.50');
    await expect(cost).not.toHaveAttribute('aria-invalid');
    await save(canvasElement);
    await expectToast(canvasElement, MESSAGES.productAdded, 'success');
    await expectPage(canvasElement, 'Dashboard');
    await expect(mockDb.products.find((product) => product.name === 'Dell Pro Dock WD25')?.cost).toBe(180.5);
  },
};

/** Staff add products without the Cost field: what the shop pays is for owners and managers (0031). */
export const StaffWithoutCost: Story = {
  beforeEach: signedInAs('staff'),
  play: async ({ canvasElement }) => {
    await formReady(canvasElement, 'Add Product');
    await expect(within(canvasElement).queryByLabelText(/^Cost/)).toBeNull();
    await fill(canvasElement, { Name: 'Anker 735 Charger', Category: 'Accessories', Price: '59.99', Quantity: '12' });
    await save(canvasElement);
    await expectToast(canvasElement, MESSAGES.productAdded, 'success');
    await expect(mockDb.products.find((product) => product.name === 'Anker 735 Charger')?.cost ?? null).toBeNull();
  },
};

/** A SKU another product of the store has (whatever its case): the server's 409 under the SKU field, input kept. */
export const SkuTaken: Story = {
  play: async ({ canvasElement }) => {
    const taken = mockDb.products[0]!;
    await formReady(canvasElement, 'Add Product');
    await fill(canvasElement, { Name: 'Another dock', Category: 'Accessories', Price: '10', Quantity: '1' });
    await userEvent.type(field(canvasElement, 'SKU'), taken.sku.toLowerCase());
    await save(canvasElement);
    const sku = field(canvasElement, 'SKU');
    await waitFor(() => expect(sku).toHaveAttribute('aria-invalid', 'true'), SLOW);
    await expect(sku).toHaveAccessibleDescription(expect.stringContaining(taken.name));
    await expect(sku).toHaveValue(taken.sku.toLowerCase());
    await expect(field(canvasElement, 'Name')).toHaveValue('Another dock');
  },
};

export const Saving: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/products', 'post')) } },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement, 'Add Product');
    await fill(canvasElement, { Name: 'Dock', Category: 'Accessories', Price: '10', Quantity: '1' });
    await save(canvasElement);
    await expectBusy(canvasElement, 'Saving product');
    const button = within(canvasElement).getByRole('button', { name: /Save Product/ });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

/** The server refuses: its message is toasted, the page stays and keeps what was typed. */
export const ServerErrorKeepsInput: Story = {
  parameters: { msw: { handlers: withOverrides(failing('/api/products', 500, MESSAGES.internalError, 'post')) } },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement, 'Add Product');
    await fill(canvasElement, { Name: 'Dell Pro Dock', Category: 'Accessories', Price: '249.9', Quantity: '4' });
    await save(canvasElement);
    await expectToast(canvasElement, MESSAGES.internalError, 'error');
    await expectPage(canvasElement, 'Add Product');
    await expect(field(canvasElement, 'Name')).toHaveValue('Dell Pro Dock');
    await expect(field(canvasElement, 'Price')).toHaveValue('249.9');
    await expect(within(canvasElement).getByRole('button', { name: 'Save Product' })).toBeEnabled();
  },
};

/** A wrong file type shows a field error and the file is dropped. */
export const BadImageType: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await formReady(canvasElement, 'Add Product');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(canvas.getByLabelText(/Product Image/), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await expect(await canvas.findByText(MESSAGES.imageTypeNotAllowed)).toBeVisible();
    const input = canvas.getByLabelText<HTMLInputElement>(/Product Image/);
    await expect(input.files?.length ?? 0).toBe(0);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText(MESSAGES.noImage)).toBeVisible();
  },
};

export const EditLoaded: Story = {
  parameters: { app: { route: `/edit-product/${productWithImage._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await formReady(canvasElement, 'Edit Product');
    await expect(field(canvasElement, 'Name')).toHaveValue(productWithImage.name);
    await expect(field(canvasElement, 'Category')).toHaveValue(productWithImage.category);
    await expect(field(canvasElement, 'Price')).toHaveValue(String(productWithImage.price));
    await expect(field(canvasElement, 'Quantity')).toHaveValue(String(productWithImage.quantity));
    await expect(canvas.getByRole('img', { name: 'Preview of the current image' })).toHaveAttribute(
      'src',
      `${location.origin}/uploads/demo-laptop.png`,
    );
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: /Description/ })).toHaveTextContent('14" business ultrabook'),
    );
  },
};

export const EditLoading: Story = {
  parameters: {
    app: { route: `/edit-product/${productWithImage._id}` },
    msw: { handlers: withOverrides(pending('/api/products/:id', 'get')) },
  },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Edit Product');
    await expectBusy(canvasElement, 'Loading product');
  },
};

export const EditSuccess: Story = {
  parameters: { app: { route: `/edit-product/${productWithoutImage._id}` } },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement, 'Edit Product');
    await waitFor(() => expect(field(canvasElement, 'Name')).toHaveValue(productWithoutImage.name), SLOW);
    await fill(canvasElement, { Quantity: '0' });
    await save(canvasElement);
    await expectToast(canvasElement, MESSAGES.productUpdated, 'success');
    // Opened directly (no list to go back to): saved, the product's own page.
    await expectPage(canvasElement, 'Product Detail');
    await expect(await within(canvasElement).findByText(productWithoutImage.name, { selector: 'dd' }, SLOW)).toBeVisible();
  },
};

/** Someone else saved meanwhile (409): the server's message is toasted and the typed values stay. */
export const EditConflictKeepsInput: Story = {
  parameters: {
    app: { route: `/edit-product/${productWithoutImage._id}` },
    msw: { handlers: withOverrides(failing('/api/products/:id', 409, MESSAGES.editConflict, 'patch')) },
  },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement, 'Edit Product');
    await waitFor(() => expect(field(canvasElement, 'Name')).toHaveValue(productWithoutImage.name), SLOW);
    await fill(canvasElement, { Name: 'Latitude 5440 (2024)', Price: '999.99' });
    await save(canvasElement);
    await expectToast(canvasElement, MESSAGES.editConflict, 'error');
    await expectPage(canvasElement, 'Edit Product');
    await expect(field(canvasElement, 'Name')).toHaveValue('Latitude 5440 (2024)');
    await expect(field(canvasElement, 'Price')).toHaveValue('999.99');
  },
};

export const EditNotFound: Story = {
  parameters: { app: { route: '/edit-product/00000000-0000-4000-8000-000000000000' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Edit Product');
    await expect(await canvas.findByText(MESSAGES.productNotFound, {}, SLOW)).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Back to the dashboard' }));
    await expectPage(canvasElement, 'Dashboard');
  },
};

/** A viewer opening /add-product: told why not, with a way back; no form, no redirect. */
export const ViewerCannotAdd: Story = {
  beforeEach: signedInAs('viewer'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add Product');
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(forbiddenMessage('viewer', 'catalogue:create'));
    await expect(within(alert).getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(canvas.queryByRole('button', { name: /Save/ })).toBeNull();
  },
};

/** A viewer opening /edit-product/:id: the same, for editing. */
export const ViewerCannotEdit: Story = {
  beforeEach: signedInAs('viewer'),
  parameters: { app: { route: `/edit-product/${productWithImage._id}` } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Edit Product');
    const alert = await within(canvasElement).findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(forbiddenMessage('viewer', 'catalogue:update'));
    await expect(within(canvasElement).queryByLabelText(/^Name/)).toBeNull();
  },
};
