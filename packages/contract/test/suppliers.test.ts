import { describe, expect, it } from 'vitest';
import {
  checkSupplierLinkCells,
  createSupplierImportChecker,
  fieldOfMessage,
  IMPORT_FIELDS,
  lastCostProblem,
  linkSupplierRefusal,
  MESSAGES,
  orderProductSuppliers,
  preferredOfNewLink,
  preferredSupplierOf,
  querySuppliers,
  readLastCost,
  readLeadTime,
  readPackSize,
  SUPPLIER_LINK_IMPORT_MESSAGES,
  supplierListQuerySchema,
  supplierNameKey,
  supplierRemoval,
  supplierSchema,
  validateImportRow,
  validateSupplierFields,
  guessMapping,
} from '../src';

const link = (name: string, preferred: boolean, archivedAt: string | null = null) => ({
  preferred,
  supplier: { _id: `id-${name}`, name, archivedAt },
});

describe('suppliers (0037)', () => {
  it('checks the supplier form: a name, an email when given, text rules, a lead time of whole days from 0 to 365', () => {
    expect(validateSupplierFields({ name: 'Northwind', email: 'orders@northwind.example', leadTimeDays: 5 })).toEqual({});
    expect(validateSupplierFields({ name: ' ', email: 'x@', leadTimeDays: 366, address: 'a\u0001b' })).toEqual({
      name: MESSAGES.nameRequired,
      email: MESSAGES.invalidEmail,
      address: MESSAGES.controlCharactersInText('Address'),
      leadTimeDays: MESSAGES.leadTimeInvalid,
    });
    expect(validateSupplierFields({ leadTimeDays: 1.5 }, { presentOnly: true })).toEqual({ leadTimeDays: MESSAGES.leadTimeInvalid });
    expect(validateSupplierFields({ notes: 'multi\nline' }, { presentOnly: true })).toEqual({});
    for (const [text, read] of [
      ['', { days: null }],
      [' 7 ', { days: 7 }],
      ['0', { days: 0 }],
      ['365', { days: 365 }],
      ['366', { message: MESSAGES.leadTimeInvalid }],
      ['-1', { message: MESSAGES.leadTimeInvalid }],
      ['two', { message: MESSAGES.leadTimeInvalid }],
    ] as const)
      expect(readLeadTime(text)).toEqual(read);
    expect(supplierSchema.parse({ name: ' Northwind ', address: 'A\r\nB' })).toEqual({
      name: 'Northwind',
      contact: '',
      email: '',
      phone: '',
      address: 'A\nB',
      leadTimeDays: null,
      notes: '',
    });
  });

  it('compares names whatever their ASCII case, archives one that products name, refuses new links to an archived one', () => {
    expect(supplierNameKey('  NorthWind Ltd ')).toBe('northwind ltd');
    expect(supplierNameKey('Ärger GmbH')).toBe('Ärger gmbh');
    expect([supplierRemoval(0), supplierRemoval(3)]).toEqual(['delete', 'archive']);
    expect(linkSupplierRefusal(null)).toEqual({ status: 404, message: MESSAGES.supplierNotFound });
    expect(linkSupplierRefusal({ name: 'Gone', archivedAt: '2024-01-01T00:00:00.000Z' })).toEqual({ status: 409, message: MESSAGES.supplierArchivedNoLinks('Gone') });
    expect(linkSupplierRefusal({ name: 'Here', archivedAt: null })).toBeNull();
  });

  it('pages the list: searched by name, contact, email or phone, the archived ones only when asked', () => {
    const at = (i: number) => `2024-01-0${i}T00:00:00.000Z`;
    const rows = [
      { _id: 'a', name: 'beta', contact: 'Zed', email: '', phone: '1', createdAt: at(1), archivedAt: null },
      { _id: 'b', name: 'Alpha', contact: '', email: 'x@alpha.example', phone: '2', createdAt: at(2), archivedAt: null },
      { _id: 'c', name: 'Gamma', contact: 'Ann', email: '', phone: '3', createdAt: at(3), archivedAt: at(4) },
    ];
    const page = (query: Record<string, string>) => querySuppliers(rows, supplierListQuerySchema.parse(query)).items.map((row) => row._id);
    expect(page({})).toEqual(['b', 'a']);
    expect(page({ archived: 'include' })).toEqual(['b', 'a', 'c']);
    expect(page({ archived: 'only' })).toEqual(['c']);
    expect(page({ q: 'ALPHA.example' })).toEqual(['b']);
    expect(page({ q: 'zed' })).toEqual(['a']);
    expect(page({ sort: 'contact', archived: 'include' })).toEqual(['b', 'c', 'a']);
  });

  it("decides the preferred link: as asked, else a product's first supplier; listed preferred first, then by name", () => {
    expect(preferredOfNewLink(undefined, false)).toBe(true);
    expect(preferredOfNewLink(undefined, true)).toBe(false);
    expect(preferredOfNewLink(true, true)).toBe(true);
    expect(preferredOfNewLink(false, false)).toBe(false);
    const links = [link('contoso', false), link('Northwind', true), link('Acme', false)];
    expect(orderProductSuppliers(links).map((l) => l.supplier.name)).toEqual(['Northwind', 'Acme', 'contoso']);
    expect(preferredSupplierOf(links)?.supplier.name).toBe('Northwind');
    expect(preferredSupplierOf([link('Gone', true, '2024-01-01T00:00:00.000Z')])).toBeNull();
    expect(preferredSupplierOf([link('A', false)])).toBeNull();
  });

  it("reads a link's pack size and cost as typed, and checks the API's", () => {
    expect(readPackSize('')).toEqual({ packSize: 1 });
    expect(readPackSize('12')).toEqual({ packSize: 12 });
    for (const bad of ['0', '1.5', '-2', '1000001', 'six']) expect(readPackSize(bad)).toEqual({ message: MESSAGES.packSizeInvalid });
    expect(readLastCost('')).toEqual({ lastCost: null });
    expect(readLastCost('121.5')).toEqual({ lastCost: 121.5 });
    expect(readLastCost('1.999')).toEqual({ message: MESSAGES.lastCostInvalid });
    expect(readLastCost('10000001')).toEqual({ message: MESSAGES.lastCostTooHigh });
    expect([lastCostProblem(null), lastCostProblem(0.1), lastCostProblem(19.99)]).toEqual([null, null, null]);
    expect([lastCostProblem(-1), lastCostProblem(1.234)]).toEqual([MESSAGES.lastCostInvalid, MESSAGES.lastCostInvalid]);
  });

  it("the catalogue import's Supplier columns: guessed from suppliers' headers, checked, blank when there is no supplier", () => {
    expect(IMPORT_FIELDS.filter((field) => field.field === 'supplier').map((field) => field.key)).toEqual(['supplier', 'supplierPartNumber', 'packSize', 'supplierCost']);
    expect(guessMapping(['SKU', 'Name', 'Vendor', 'Supplier SKU', 'Case Qty', 'Last Cost', 'Part No'])).toMatchObject({
      supplier: 'Vendor',
      supplierPartNumber: 'Supplier SKU',
      packSize: 'Case Qty',
      supplierCost: 'Last Cost',
      mpn: 'Part No',
    });
    expect(checkSupplierLinkCells({ supplier: '', packSize: '' })).toEqual({ link: undefined });
    expect(checkSupplierLinkCells({ supplier: '', packSize: '4' })).toEqual({ errors: [{ field: 'supplier', message: SUPPLIER_LINK_IMPORT_MESSAGES.supplierMissing }] });
    expect(checkSupplierLinkCells({ supplier: ' NorthWind ', supplierPartNumber: ' NW-1 ', packSize: '', supplierCost: '9.5' })).toEqual({
      link: { name: 'NorthWind', key: 'northwind', partNumber: 'NW-1', packSize: 1, lastCost: 9.5 },
    });
    const row = validateImportRow({ name: 'Dock', category: 'Docks', price: '10', quantity: '1', supplier: 'Acme', packSize: '0' });
    expect(row).toEqual({ errors: [{ field: 'packSize', message: MESSAGES.packSizeInvalid }] });
    expect(validateImportRow({ name: 'Dock', category: 'Docks', price: '10', quantity: '1', supplier: 'Acme' })).toMatchObject({ row: { supplier: { name: 'Acme', key: 'acme' } } });
  });

  it('the suppliers import: rows by name whatever its case, each once; lead times read from their cells', () => {
    const checker = createSupplierImportChecker(null);
    expect(checker.header(['Vendor', 'Lead Time', 'Comments'])).toBeNull();
    expect(checker.record(['Northwind', '5', 'Fast'])).toEqual({ row: 2, values: { name: 'Northwind', leadTimeDays: 5, notes: 'Fast' }, matchKey: 'northwind' });
    expect(checker.record(['NORTHWIND', '', ''])).toBeNull();
    expect(checker.record(['Contoso', 'soon', ''])).toBeNull();
    expect(checker.finish()?.errors).toEqual([
      { row: 3, column: 'Vendor', message: 'Name is already used by row 2 of this file' },
      { row: 4, column: 'Lead Time', message: MESSAGES.leadTimeInvalid },
    ]);
  });

  it('puts each answer of the supplier and link forms under its field', () => {
    expect(fieldOfMessage(MESSAGES.supplierNameTaken('Northwind'))).toBe('name');
    expect(fieldOfMessage(MESSAGES.leadTimeInvalid)).toBe('leadTimeDays');
    expect(fieldOfMessage(MESSAGES.fieldTooLong('Contact', 100))).toBe('contact');
    expect(fieldOfMessage(MESSAGES.supplierArchivedNoLinks('Gone'))).toBe('supplierId');
    expect(fieldOfMessage(MESSAGES.productSupplierExists('Northwind'))).toBe('supplierId');
    expect(fieldOfMessage(MESSAGES.packSizeInvalid)).toBe('packSize');
    expect(fieldOfMessage(MESSAGES.lastCostTooHigh)).toBe('lastCost');
  });
});
