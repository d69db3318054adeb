import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import { failing, makeProduct, mockDb, mockState, pending, signedInAs, withOverrides, withProducts, withoutProducts } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectBusy, expectPage, expectToast, SLOW } from '../../stories/play';
import { waitForRows } from '../../stories/catalogueStoryHelpers';
import { withAppProviders } from '../../stories/withAppProviders';
import { CategoriesPage } from './CategoriesPage';

const TABLE = 'Categories';

/** A store whose docks were filed two ways: "Docks" and "Docking stations" (and a few other categories). */
const PRODUCTS = [
  makeProduct({ _id: '00000000-0000-4000-8000-00000000d001', name: 'USB-C Dock', category: 'Docks', sku: 'DOC-1', quantity: 4 }),
  makeProduct({ _id: '00000000-0000-4000-8000-00000000d002', name: 'Thunderbolt Dock', category: 'Docks', sku: 'DOC-2', quantity: 0 }),
  makeProduct({ _id: '00000000-0000-4000-8000-00000000d003', name: 'Dell WD19S', category: 'Docking stations', sku: 'DST-1', quantity: 7 }),
  makeProduct({ _id: '00000000-0000-4000-8000-00000000d004', name: 'ThinkPad X1', category: 'Laptops', sku: 'LAP-1', quantity: 3 }),
  makeProduct({ _id: '00000000-0000-4000-8000-00000000d005', name: 'Cat 6 cable', category: 'Cables', sku: 'CAB-1', quantity: 40 }),
  makeProduct({ _id: '00000000-0000-4000-8000-00000000d006', name: 'HDMI cable', category: 'Cables', sku: 'CAB-2', quantity: 25 }),
];

const meta = {
  title: 'App/Categories/Categories',
  component: CategoriesPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/categories' } },
  beforeEach: withProducts(PRODUCTS),
} satisfies Meta<typeof CategoriesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each row's name and count. */
const listed = async (canvasElement: HTMLElement) =>
  (await waitForRows(canvasElement, TABLE)).map((row) => within(row).getAllByRole('cell').slice(0, 2).map((cell) => cell.textContent));

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

async function openDialog(canvasElement: HTMLElement, action: 'Rename' | 'Merge', category: string) {
  await waitForRows(canvasElement, TABLE);
  await userEvent.click(within(canvasElement).getByRole('button', { name: `${action} ${category}` }));
  return page(canvasElement).findByRole('dialog', { name: `${action} ${category}` }, SLOW);
}

/** Every category with how many products it holds, in order of the names; Rename and Merge on each row. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Categories');
    await expect(document.title).toBe('Categories | Inventory');
    await expect(await listed(canvasElement)).toEqual([
      ['Cables', '2'],
      ['Docking stations', '1'],
      ['Docks', '2'],
      ['Laptops', '1'],
    ]);
    const headers = within(canvas.getByRole('table', { name: TABLE })).getAllByRole('columnheader');
    await expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Products', 'Action']);
    await expect(canvas.getByText('4 categories')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Rename Docks' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Merge Docks' })).toBeVisible();
  },
};

/** Typing filters the list by name, whatever the case and accents. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await userEvent.type(canvas.getByRole('searchbox', { name: /Search categories/ }), 'DÓCK');
    await waitFor(async () => expect((await listed(canvasElement)).map(([name]) => name)).toEqual(['Docking stations', 'Docks']), SLOW);
    await expect(canvas.getByText('2 categories of 4')).toBeVisible();
    await userEvent.type(canvas.getByRole('searchbox', { name: /Search categories/ }), 'zzz');
    await expect(await canvas.findByText('No category matches your search', {}, SLOW)).toBeVisible();
  },
};

export const Empty: Story = {
  beforeEach: withoutProducts(),
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Categories');
    await expect(await within(canvasElement).findByText(MESSAGES.noCategories, {}, SLOW)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/categories', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Categories');
    await expectBusy(canvasElement, 'Loading rows');
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: withOverrides(failing('/api/categories', 500, MESSAGES.internalError, 'get')) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(MESSAGES.internalError, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Staff and viewers read the categories; renaming and merging are not offered. */
export const Viewer: Story = {
  beforeEach: mockState(signedInAs('viewer'), withProducts(PRODUCTS)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect((await listed(canvasElement)).map(([name]) => name)).toEqual(['Cables', 'Docking stations', 'Docks', 'Laptops']);
    // The member's role arrives after the list: a tab that showed an owner's story before shows their columns until then.
    await waitFor(() => expect(within(canvas.getByRole('table', { name: TABLE })).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Products']), SLOW);
    await expect(canvas.queryByRole('button', { name: /^Rename / })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /^Merge / })).toBeNull();
  },
};

/** The rename dialog: the name as it is, focused, and what renaming does. */
export const RenameDialog: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Rename', 'Docks');
    await expect(dialog).toHaveAccessibleDescription('2 products in Docks will take the new name.');
    const field = within(dialog).getByRole('textbox', { name: /New name/ });
    await expect(field).toHaveValue('Docks');
    await waitFor(() => expect(field).toHaveFocus());
  },
};

/** Renamed: said in a toast, the dialog closes, the list shows the new name and every product has it. */
export const RenameSuccess: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Rename', 'Docks');
    const field = within(dialog).getByRole('textbox', { name: /New name/ });
    await userEvent.clear(field);
    await userEvent.type(field, 'USB-C docks{Enter}');
    await expectToast(canvasElement, MESSAGES.categoryRenamed('USB-C docks'), 'success');
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull(), SLOW);
    await waitFor(async () => expect((await listed(canvasElement)).map(([name]) => name)).toContain('USB-C docks'), SLOW);
    await expect(mockDb.products.filter((product) => product.category === 'USB-C docks')).toHaveLength(2);
  },
};

/** A name another category has (any case, any accents) is a merge: said under the field, nothing sent. */
export const RenameNameTaken: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Rename', 'Docks');
    const field = within(dialog).getByRole('textbox', { name: /New name/ });
    await userEvent.clear(field);
    await userEvent.type(field, 'DOCKING STATIONS{Enter}');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    await expect(field).toHaveAccessibleDescription(MESSAGES.categoryNameTaken('Docking stations'));
    await expect(field).toHaveFocus();
    await userEvent.clear(field);
    await expect(field).not.toHaveAttribute('aria-invalid');
    await userEvent.type(field, '{Enter}');
    await expect(field).toHaveAccessibleDescription(MESSAGES.categoryRequired);
  },
};

/** The server's refusal (a name taken meanwhile by another member) shows under the field too. */
export const RenameRefusedByServer: Story = {
  parameters: { msw: { handlers: withOverrides(failing('/api/categories/:id', 409, MESSAGES.categoryNameTaken('Dock stations'), 'patch')) } },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Rename', 'Docks');
    const field = within(dialog).getByRole('textbox', { name: /New name/ });
    await userEvent.clear(field);
    await userEvent.type(field, 'Dock stations{Enter}');
    await waitFor(() => expect(field).toHaveAccessibleDescription(MESSAGES.categoryNameTaken('Dock stations')), SLOW);
    await expect(page(canvasElement).getByRole('dialog', { name: 'Rename Docks' })).toBeVisible();
  },
};

/** The merge dialog: choose where the products go; it says how many move and what the target will hold. */
export const MergeDialog: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Merge', 'Docks');
    await expect(within(dialog).getByText('2 products in Docks will move to the category you choose, and Docks will be gone.')).toBeVisible();
    const select = within(dialog).getByRole('combobox', { name: /Merge into/ });
    await expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a category',
      'Cables (2 products)',
      'Docking stations (1 product)',
      'Laptops (1 product)',
    ]);
    await userEvent.selectOptions(select, 'Docking stations (1 product)');
    await expect(within(dialog).getByText('2 products move to Docking stations, which will then have 3 products.')).toBeVisible();
  },
};

/** Merged: the toast says how many moved, the category is gone, its products are in the other one. */
export const MergeSuccess: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Merge', 'Docks');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Merge into/ }), 'Docking stations (1 product)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await expectToast(canvasElement, MESSAGES.categoryMerged(2, 'Docking stations'), 'success');
    await waitFor(
      async () =>
        expect(await listed(canvasElement)).toEqual([
          ['Cables', '2'],
          ['Docking stations', '3'],
          ['Laptops', '1'],
        ]),
      SLOW,
    );
    await expect(page(canvasElement).queryByRole('dialog')).toBeNull();
  },
};

/** Merge without a target: said under the field, nothing sent. */
export const MergeWithoutTarget: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Merge', 'Docks');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    const select = within(dialog).getByRole('combobox', { name: /Merge into/ });
    await waitFor(() => expect(select).toHaveAttribute('aria-invalid', 'true'));
    await expect(select).toHaveAccessibleDescription(MESSAGES.categoryMergeIntoItself);
  },
};

/** Merged away by someone else meanwhile: the server's 404 is a toast, and the list is read again. */
export const MergeFailed: Story = {
  parameters: { msw: { handlers: withOverrides(failing('/api/categories/:id/merge', 404, MESSAGES.categoryNotFound, 'post')) } },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Merge', 'Docks');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Merge into/ }), 'Cables (2 products)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await expectToast(canvasElement, MESSAGES.categoryNotFound, 'error');
  },
};

/** Merging while the call runs: the button is busy and a second click sends nothing more. */
export const Merging: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/categories/:id/merge', 'post')) } },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Merge', 'Docks');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Merge into/ }), 'Cables (2 products)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Merge|Working/ })).toHaveAttribute('aria-busy', 'true'), SLOW);
  },
};
