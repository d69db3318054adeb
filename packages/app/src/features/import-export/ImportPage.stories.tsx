import type { Meta, StoryObj } from '@storybook/react-vite';
import { IMPORT_MESSAGES } from '@inventory/contract';
import { failing, makeProduct, mockState, pending, signedInAs, withOverrides, withProducts, withSuppliers } from '@inventory/mocks';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import type { ImportState } from './importSlice';
import { ImportPage } from './ImportPage';
import { NETWORK_FAILURE_MESSAGE } from './importSagas';

const meta = {
  title: 'App/Products/Import',
  component: ImportPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/products/import' } },
  beforeEach: mockState(signedInAs('owner'), withProducts([])),
} satisfies Meta<typeof ImportPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A supplier's sheet: semicolons, a BOM, a quoted name with a comma, and two headers named by synonyms. */
const SUPPLIER_CSV =
  '\uFEFFSKU;Product name;Category;Price;Qty\n' +
  'ACC-0001;"Logitech MX Master 3S, graphite";Accessories;99.99;12\n' +
  'ACC-0002;Dell Pro Dock WD25;Accessories;249.00;4\n';
/** The same sheet with a bad price and a blank name. */
const BAD_CSV =
  'SKU;Product name;Category;Price;Qty\n' +
  'ACC-0001;"Logitech MX Master 3S, graphite";Accessories;ninety;12\n' +
  'ACC-0002;;Accessories;249.00;4\n';

/** A sheet whose name and quantity columns have names the guess does not know. */
const UNKNOWN_HEADERS_CSV =
  'SKU;Model;Category;Price;Units\n' +
  'ACC-0001;"Logitech MX Master 3S, graphite";Accessories;99.99;12\n' +
  'ACC-0002;Dell Pro Dock WD25;Accessories;249.00;4\n';
/** A French supplier's sheet as Excel saves "CSV": Windows-1252 (é E9, â E2, € 80), semicolons, 1.299,00 € prices. */
const FRENCH_CSV =
  'Référence;Désignation;Catégorie;Prix de vente;Quantité\r\n' +
  'ÉCR-7001;Écran Dell UltraSharp U2724D;Écrans;1.299,00 €;4\r\n' +
  'CÂB-7101;Câble RJ45 Cat6a 5 m;Câbles;7,50 €;200\r\n';
const windows1252 = (text: string) =>
  Uint8Array.from([...text].map((char) => (char === '€' ? 0x80 : char.charCodeAt(0))));
/** The next supplier names a dock the store has under another SKU. */
const NEXT_SUPPLIER_CSV =
  'SKU,Name,Category,Price,Quantity\n' +
  'ACC-0101,dell pro dock wd25,Accessories,239.00,2\n' +
  'ACC-0102,Jabra Evolve2 65,Accessories,189.00,6\n';

const csvFile = (text: string | Uint8Array<ArrayBuffer>, name = 'supplier.csv') =>
  new File([text], name, { type: 'text/csv' });

const canvasOf = (canvasElement: HTMLElement) => within(canvasElement);

/** Drops files on the drop zone as a browser does (a real DataTransfer: drops ignore the input's accept). */
function dropFiles(canvasElement: HTMLElement, ...files: File[]): void {
  const zone = canvasOf(canvasElement).getByTestId('csv-drop-zone');
  const dataTransfer = new DataTransfer();
  for (const file of files) dataTransfer.items.add(file);
  // Native events: Testing Library's fireEvent copies a DataTransfer's own properties only, and `files` is not one.
  zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer }));
  zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer }));
}

async function chooseFile(canvasElement: HTMLElement, file: File): Promise<void> {
  await expectPage(canvasElement, 'Import Products');
  await userEvent.upload(canvasOf(canvasElement).getByLabelText('Choose a CSV file'), file);
}

const mappingSelect = (canvasElement: HTMLElement, label: string) =>
  canvasOf(canvasElement).getByRole('combobox', { name: new RegExp(`^${label}`) });

/** Name ← "Product name", Quantity ← "Qty", chosen by hand as a user confirming the guess would. */
async function completeMapping(canvasElement: HTMLElement): Promise<void> {
  await userEvent.selectOptions(mappingSelect(canvasElement, 'Name'), 'Product name');
  await userEvent.selectOptions(mappingSelect(canvasElement, 'Quantity'), 'Qty');
}

/** The page with a file chosen and mapped, in a given phase of its upload (for states too brief to catch live). */
const uploadState = (overrides: Partial<ImportState>): Partial<ImportState> => ({
  file: { name: 'supplier.csv', size: 48_213 },
  encoding: 'utf-8-bom',
  delimiter: ';',
  numberFormat: 'point',
  headers: ['SKU', 'Product name', 'Category', 'Price', 'Qty'],
  rows: [
    ['ACC-0001', 'Logitech MX Master 3S, graphite', 'Accessories', '99.99', '12'],
    ['ACC-0002', 'Dell Pro Dock WD25', 'Accessories', '249.00', '4'],
  ],
  mapping: { sku: 'SKU', name: 'Product name', category: 'Category', price: 'Price', quantity: 'Qty' },
  ...overrides,
});

/** Nothing chosen yet: the drop zone and its file button; no mapping, nothing to import. */
export const NoFile: Story = {
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Import Products');
    await expect(canvasOf(canvasElement).getByText('Choose a CSV file')).toBeVisible();
    await expect(canvasOf(canvasElement).getByText('Drop a CSV file here')).toBeVisible();
    await expect(canvasOf(canvasElement).queryByRole('button', { name: 'Import' })).toBeNull();
  },
};

/** A file that is not a CSV: said at once, nothing else happens. */
export const WrongType: Story = {
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Import Products');
    // Dropped: the file input's accept would not even offer it.
    dropFiles(canvasElement, new File(['PK\u0003\u0004'], 'catalogue.xlsx', { type: 'application/vnd.ms-excel' }));
    await expect(await canvasOf(canvasElement).findByRole('alert', {}, SLOW)).toHaveTextContent(IMPORT_MESSAGES.notCsv);
    await expect(canvasOf(canvasElement).queryByRole('heading', { name: '2. Match the columns' })).toBeNull();
  },
};

/** A file chosen: its headers are read in the browser and the mapping guessed; two required fields still need one. */
export const MappingGuessed: Story = {
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement, csvFile(UNKNOWN_HEADERS_CSV));
    await expect(await canvasOf(canvasElement).findByTestId('chosen-file', {}, SLOW)).toHaveTextContent('supplier.csv');
    await expect(mappingSelect(canvasElement, 'SKU')).toHaveValue('SKU');
    await expect(mappingSelect(canvasElement, 'Category')).toHaveValue('Category');
    await expect(mappingSelect(canvasElement, 'Price')).toHaveValue('Price');
    await expect(mappingSelect(canvasElement, 'Name')).toHaveValue('');
    await expect(mappingSelect(canvasElement, 'Quantity')).toHaveValue('');
    await expect(canvasOf(canvasElement).getByText("Choose the file's column for Name")).toBeVisible();
    await expect(canvasOf(canvasElement).getByText('Choose a column for: Name, Quantity.')).toBeVisible();
    await expect(canvasOf(canvasElement).getByRole('button', { name: 'Import' })).toBeDisabled();
    await expect(canvasOf(canvasElement).getByRole('button', { name: 'Check file' })).toBeDisabled();
  },
};

/** A distributor's price list with what the shop pays for each item (0031). */
const WITH_COST_CSV =
  'SKU,Name,Category,Price,Qty,Unit Cost\n' +
  'ACC-0001,Logitech MX Master 3S,Accessories,99.99,12,61.20\n' +
  'ACC-0002,Dell Pro Dock WD25,Accessories,249.00,4,180.50\n';

/** An owner's file with a cost column: Cost is matched to it like any field, and the preview reads it. */
export const CostColumnMapped: Story = {
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement, csvFile(WITH_COST_CSV));
    await waitFor(() => expect(mappingSelect(canvasElement, 'Cost')).toHaveValue('Unit Cost'), SLOW);
    const preview = canvasOf(canvasElement).getByRole('table', { name: /first rows of the file/ });
    await expect(within(preview).getByRole('columnheader', { name: /^Cost/ })).toBeVisible();
    await expect(within(preview).getByText('180.50')).toBeVisible();
  },
};

/** Staff import the same file: no Cost to match (what the shop pays is not theirs to set), and it imports without it. */
export const StaffCostColumnLeftOut: Story = {
  beforeEach: mockState(signedInAs('staff'), withProducts([])),
  play: async ({ canvasElement }) => {
    const canvas = canvasOf(canvasElement);
    await chooseFile(canvasElement, csvFile(WITH_COST_CSV));
    await waitFor(() => expect(mappingSelect(canvasElement, 'SKU')).toHaveValue('SKU'), SLOW);
    // Every field shows while the role is not known yet (the stores load beside the screen); staff's then drops Cost.
    await waitFor(() => expect(canvas.queryByRole('combobox', { name: /^Cost/ })).toBeNull(), SLOW);
    const preview = canvas.getByRole('table', { name: /first rows of the file/ });
    await expect(within(preview).queryByRole('columnheader', { name: /^Cost/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Import' }));
    await expectToast(canvasElement, 'Imported 2 new, updated 0', 'success');
    // The dashboard the import leads to has its rows, not a refresh of them under way, when the a11y checks run.
    const table = await canvas.findByRole('table', { name: 'Inventory Items' }, SLOW);
    await waitFor(() => expect(table).not.toHaveAttribute('aria-busy', 'true'), SLOW);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3), SLOW);
  },
};

/** Columns chosen by hand: the preview shows the rows as they will be read, and the file can go. */
export const MappingEdited: Story = {
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement, csvFile(SUPPLIER_CSV));
    await waitFor(() => expect(mappingSelect(canvasElement, 'SKU')).toHaveValue('SKU'), SLOW);
    await completeMapping(canvasElement);
    const preview = canvasOf(canvasElement).getByRole('table', { name: /first rows of the file/ });
    const rows = within(preview).getAllByRole('row');
    await expect(rows).toHaveLength(3);
    await expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((th) => th.firstChild?.textContent),
    ).toEqual(['SKU', 'Name', 'Category', 'Price', 'Quantity']);
    await expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['ACC-0001', 'Logitech MX Master 3S, graphite', 'Accessories', '99.99', '12']);
    await expect(canvasOf(canvasElement).getByRole('button', { name: 'Import' })).toBeEnabled();
  },
};

/**
 * A French file saved by Excel: not UTF-8, so read as Windows-1252 and said so, with a word to check the accents in the
 * preview; semicolons; its headers' French names mapped.
 */
export const EncodingNotice: Story = {
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement, csvFile(windows1252(FRENCH_CSV), 'fournisseur.csv'));
    const reading = await canvasOf(canvasElement).findByTestId('file-reading', {}, SLOW);
    await expect(reading).toHaveTextContent(/Encoding\s*Windows-1252/);
    await expect(reading).toHaveTextContent(/Delimiter\s*semicolon/);
    await expect(canvasOf(canvasElement).getByTestId('encoding-notice')).toHaveTextContent(
      'This file is not UTF-8, so it is read as Windows-1252',
    );
    await expect(mappingSelect(canvasElement, 'Name')).toHaveValue('Désignation');
    const preview = canvasOf(canvasElement).getByRole('table', { name: /first rows of the file/ });
    await expect(within(preview).getByText('Câble RJ45 Cat6a 5 m')).toBeVisible();
    await expect(within(preview).getByText('Écran Dell UltraSharp U2724D')).toBeVisible();
  },
};

/**
 * The number format guessed from the file's "1.299,00 €" prices; choosing the other one reads the preview's numbers
 * again and names those that are not numbers in it; choosing back, they read right.
 */
export const NumberFormatChoice: Story = {
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement, csvFile(windows1252(FRENCH_CSV), 'fournisseur.csv'));
    const format = await canvasOf(canvasElement).findByRole('combobox', { name: /^Numbers in the file/ }, SLOW);
    await expect(format).toHaveValue('comma');
    const preview = canvasOf(canvasElement).getByRole('table', { name: /first rows of the file/ });
    await expect(within(preview).getByText('1299.00')).toBeVisible();
    await userEvent.selectOptions(format, 'point');
    await expect(within(preview).getAllByText('(not a number in this format)')).toHaveLength(2);
    await userEvent.selectOptions(format, 'comma');
    await expect(within(preview).queryByText('(not a number in this format)')).toBeNull();
    await expect(within(preview).getByText('7.50')).toBeVisible();
    await userEvent.click(canvasOf(canvasElement).getByRole('button', { name: 'Check file' }));
    const status = await canvasOf(canvasElement).findByText(/Every row is valid/, {}, SLOW);
    await expect(status).toHaveTextContent(
      'Read as Windows-1252 (Western European, as Excel saves "CSV"), semicolon-separated, numbers as 1.299,00.',
    );
  },
};

/** The dry run of the next supplier's file: a new row has the name of a product the store has under another SKU. */
export const LikelyDuplicates: Story = {
  beforeEach: mockState(
    signedInAs('owner'),
    withProducts([makeProduct({ name: 'Dell Pro Dock WD25', sku: 'ACC-0002', category: 'Accessories' })]),
  ),
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement, csvFile(NEXT_SUPPLIER_CSV, 'next-supplier.csv'));
    await waitFor(() => expect(mappingSelect(canvasElement, 'Name')).toHaveValue('Name'), SLOW);
    await userEvent.click(canvasOf(canvasElement).getByRole('button', { name: 'Check file' }));
    const section = await canvasOf(canvasElement).findByRole('region', { name: /Likely duplicates/ }, SLOW);
    await expect(section).toHaveTextContent('1 new row has the name of a product you already have');
    await expect(within(section).getByRole('listitem')).toHaveTextContent(
      'Row 2: “dell pro dock wd25” — already SKU ACC-0002',
    );
    await expect(canvasOf(canvasElement).getByRole('status')).toHaveTextContent(
      'Every row is valid: 2 new products and 0 updates.',
    );
  },
};

/** The dry run says how the file's categories are filed: "laptops" goes to the store's Laptops, Docks is new. */
export const CategoriesMapped: Story = {
  beforeEach: mockState(
    signedInAs('owner'),
    withProducts([makeProduct({ name: 'ThinkPad X1', sku: 'LAP-0001', category: 'Laptops' })]),
  ),
  play: async ({ canvasElement }) => {
    const file = 'SKU,Name,Category,Price,Quantity\nLAP-0101,MacBook Air,laptops,999.00,2\nDOC-0102,USB-C Dock,Docks,89.00,6\nDOC-0103,Thunderbolt Dock,DOCKS,219.00,1\n';
    await chooseFile(canvasElement, csvFile(file, 'categories.csv'));
    await waitFor(() => expect(mappingSelect(canvasElement, 'Name')).toHaveValue('Name'), SLOW);
    await userEvent.click(canvasOf(canvasElement).getByRole('button', { name: 'Check file' }));
    const section = await canvasOf(canvasElement).findByRole('region', { name: /^Categories/ }, SLOW);
    await expect(section).toHaveTextContent('Categories: 2 spellings are filed under another spelling, 1 category is new');
    await expect(within(section).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '“laptops” → Laptops',
      '“Docks” (new)',
      '“DOCKS” → Docks (new)',
    ]);
  },
};

/** A file dropped on the zone is chosen like one picked with the button. */
export const Dropped: Story = {
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Import Products');
    dropFiles(canvasElement, csvFile(SUPPLIER_CSV, 'dropped.csv'));
    await expect(await canvasOf(canvasElement).findByTestId('chosen-file', {}, SLOW)).toHaveTextContent('dropped.csv');
    await expect(mappingSelect(canvasElement, 'SKU')).toHaveValue('SKU');
  },
};

/** Check file (a dry run): every row is valid, the counts say what would happen, nothing is written. */
export const CheckPassed: Story = {
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement, csvFile(SUPPLIER_CSV));
    await waitFor(() => expect(mappingSelect(canvasElement, 'SKU')).toHaveValue('SKU'), SLOW);
    await completeMapping(canvasElement);
    await userEvent.click(canvasOf(canvasElement).getByRole('button', { name: 'Check file' }));
    const status = await canvasOf(canvasElement).findByText(/Every row is valid/, {}, SLOW);
    await expect(status).toHaveTextContent(
      'Every row is valid: 2 new products and 0 updates. Nothing has been written yet.',
    );
  },
};

/** A distributor's price list names the supplier on each row (0037): one the store has, one it has not. */
const WITH_SUPPLIERS_CSV =
  'SKU,Name,Category,Price,Quantity,Supplier,Supplier SKU,Pack Size,Last Cost\n' +
  'ACC-0201,USB-C Travel Hub,Accessories,49.00,10,Northwind Distribution,NW-HUB-7,5,31.20\n' +
  'ACC-0202,Jabra Evolve2 65,Accessories,189.00,6,Tailspin Audio,TS-EV265,1,141.00\n';

/** Check file with Supplier columns: the summary says which rows link a supplier and which suppliers would be added. */
export const SupplierColumns: Story = {
  beforeEach: mockState(signedInAs('owner'), withSuppliers()),
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement, csvFile(WITH_SUPPLIERS_CSV, 'price-list.csv'));
    await waitFor(() => expect(mappingSelect(canvasElement, 'Supplier$')).toHaveValue('Supplier'), SLOW);
    await expect(mappingSelect(canvasElement, 'Supplier part number')).toHaveValue('Supplier SKU');
    await expect(mappingSelect(canvasElement, 'Pack size')).toHaveValue('Pack Size');
    await expect(mappingSelect(canvasElement, 'Supplier cost')).toHaveValue('Last Cost');
    await userEvent.click(canvasOf(canvasElement).getByRole('button', { name: 'Check file' }));
    await expect(await canvasOf(canvasElement).findByText(/rows link their products to a supplier/, {}, SLOW)).toHaveTextContent(
      '2 rows link their products to a supplier; 1 supplier is new and will be added: Tailspin Audio.',
    );
  },
};

const downloads: Blob[] = [];

/** The dry run finds bad rows: listed by row and column, downloadable; the file and mapping stay for a retry. */
export const RowErrors: Story = {
  beforeEach: () => {
    downloads.length = 0;
    const original = URL.createObjectURL.bind(URL);
    const anchorClick = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      if (blob instanceof Blob) downloads.push(blob);
      return original(blob);
    };
    // The story records the file instead of downloading it.
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      if (!this.download) anchorClick.call(this);
    };
    return () => {
      URL.createObjectURL = original;
      HTMLAnchorElement.prototype.click = anchorClick;
    };
  },
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement, csvFile(BAD_CSV, 'stock.csv'));
    await waitFor(() => expect(mappingSelect(canvasElement, 'SKU')).toHaveValue('SKU'), SLOW);
    await completeMapping(canvasElement);
    await userEvent.click(canvasOf(canvasElement).getByRole('button', { name: 'Check file' }));
    const table = await canvasOf(canvasElement).findByRole('table', { name: 'Rows that cannot be imported' }, SLOW);
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((td) => td.textContent),
      ),
    ).toEqual([
      ['2', 'Price'],
      ['3', 'Product name'],
    ]);
    await expect(canvasOf(canvasElement).getByRole('alert')).toHaveTextContent('nothing was imported');
    await expect(mappingSelect(canvasElement, 'Name')).toHaveValue('Product name');
    await expect(canvasOf(canvasElement).getByTestId('chosen-file')).toHaveTextContent('stock.csv');
    await userEvent.click(canvasOf(canvasElement).getByRole('button', { name: 'Download errors (CSV)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const lines = (await downloads[0]!.text()).trim().split(/\r\n/);
    await expect(lines[0]).toBe('Row,Column,Message');
    await expect(lines[1]).toMatch(/^2,Price,/);
    await expect(lines).toHaveLength(3);
  },
};

/** Sending the file: the share sent so far. */
export const Uploading: Story = {
  parameters: {
    app: {
      route: '/products/import',
      preloadedState: { productImport: uploadState({ phase: 'uploading', run: 'import', progress: 40 }) },
    },
  },
  play: async ({ canvasElement }) => {
    const bar = await canvasOf(canvasElement).findByRole('progressbar', { name: 'Importing supplier.csv' }, SLOW);
    // Where the user is when it runs: at the Import button, below the mapping.
    bar.scrollIntoView({ block: 'center' });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    await expect(canvasOf(canvasElement).getByText('Uploading… 40%')).toBeVisible();
    await expect(canvasOf(canvasElement).getByRole('button', { name: 'Import' })).toBeDisabled();
    await expect(mappingSelect(canvasElement, 'Name')).toBeDisabled();
  },
};

/** The file is sent, the server is validating and writing: an indeterminate bar until it answers. */
export const Processing: Story = {
  parameters: {
    app: {
      route: '/products/import',
      preloadedState: { productImport: uploadState({ phase: 'processing', run: 'import', progress: 100 }) },
    },
  },
  play: async ({ canvasElement }) => {
    const bar = await canvasOf(canvasElement).findByRole('progressbar', { name: 'Importing supplier.csv' }, SLOW);
    // Where the user is when it runs: at the Import button, below the mapping.
    bar.scrollIntoView({ block: 'center' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(canvasOf(canvasElement).getByText('Processing…')).toBeVisible();
  },
};

/** A real import that never answers: the bar stays (after the upload it says Processing…). */
export const WaitingForTheServer: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/products/import', 'post')) } },
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement, csvFile(SUPPLIER_CSV));
    await waitFor(() => expect(mappingSelect(canvasElement, 'SKU')).toHaveValue('SKU'), SLOW);
    await completeMapping(canvasElement);
    await userEvent.click(canvasOf(canvasElement).getByRole('button', { name: 'Import' }));
    await expect(await canvasOf(canvasElement).findByRole('progressbar', {}, SLOW)).toBeVisible();
    await expect(canvasOf(canvasElement).getByRole('button', { name: 'Import' })).toBeDisabled();
  },
};

/** Imported: the counts in a toast, and the dashboard lists the new products. */
export const Imported: Story = {
  beforeEach: mockState(
    signedInAs('owner'),
    withProducts([makeProduct({ name: 'Existing monitor', sku: 'MON-0001' })]),
  ),
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement, csvFile(SUPPLIER_CSV));
    await waitFor(() => expect(mappingSelect(canvasElement, 'SKU')).toHaveValue('SKU'), SLOW);
    await completeMapping(canvasElement);
    await userEvent.click(canvasOf(canvasElement).getByRole('button', { name: 'Import' }));
    await expectToast(canvasElement, 'Imported 2 new, updated 0', 'success');
    await expectPage(canvasElement, 'Dashboard');
    await expect(
      await canvasOf(canvasElement).findByRole('link', { name: 'View Dell Pro Dock WD25' }, SLOW),
    ).toBeInTheDocument();
    // Newest first: the file's rows share their creation time and come in the file's order, its last row first.
    const rows = canvasOf(canvasElement).getAllByRole('row').slice(1);
    const names = ['Dell Pro Dock WD25', 'Logitech MX Master 3S, graphite', 'Existing monitor'];
    await expect(rows).toHaveLength(names.length);
    for (const [i, name] of names.entries())
      await expect(within(rows[i]!).getByRole('link', { name: `View ${name}` })).toBeInTheDocument();
  },
};

/** The file is over the server's limit: its 413 message, in a toast and on the page; the file stays chosen. */
export const TooLarge: Story = {
  parameters: {
    msw: {
      handlers: withOverrides(failing('/api/products/import', 413, IMPORT_MESSAGES.tooLarge(20 * 1024 * 1024), 'post')),
    },
  },
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement, csvFile(SUPPLIER_CSV));
    await waitFor(() => expect(mappingSelect(canvasElement, 'SKU')).toHaveValue('SKU'), SLOW);
    await completeMapping(canvasElement);
    await userEvent.click(canvasOf(canvasElement).getByRole('button', { name: 'Import' }));
    await expectToast(canvasElement, 'The file is larger than 20 MB', 'error');
    await expect(canvasOf(canvasElement).getByText(/^Nothing was imported\./)).toHaveTextContent(
      'Nothing was imported. The file is larger than 20 MB',
    );
    await expect(canvasOf(canvasElement).getByTestId('chosen-file')).toHaveTextContent('supplier.csv');
  },
};

/** The connection drops: said plainly; the file and mapping stay, so Import can simply be pressed again. */
export const NetworkFailure: Story = {
  parameters: {
    msw: { handlers: withOverrides(http.post('*/api/products/import', () => HttpResponse.error())) },
  },
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement, csvFile(SUPPLIER_CSV));
    await waitFor(() => expect(mappingSelect(canvasElement, 'SKU')).toHaveValue('SKU'), SLOW);
    await completeMapping(canvasElement);
    await userEvent.click(canvasOf(canvasElement).getByRole('button', { name: 'Import' }));
    await expectToast(canvasElement, NETWORK_FAILURE_MESSAGE, 'error');
    await expect(canvasOf(canvasElement).getByRole('button', { name: 'Import' })).toBeEnabled();
    await expect(mappingSelect(canvasElement, 'Quantity')).toHaveValue('Qty');
  },
};

/** A viewer may not add products: the contract's reason instead of the form. */
export const Viewer: Story = {
  beforeEach: mockState(signedInAs('viewer')),
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Import Products');
    const alert = await canvasOf(canvasElement).findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(/add products or orders/);
    await expect(canvasOf(canvasElement).queryByLabelText('Choose a CSV file')).toBeNull();
  },
};
