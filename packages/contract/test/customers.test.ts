import { describe, expect, it } from 'vitest';
import {
  can,
  COUNT_CAP,
  createCustomerImportChecker,
  CUSTOMER_EXPORT_COLUMNS,
  CUSTOMER_LIMITS,
  customerListQuerySchema,
  customerOrderFigures,
  customerRemoval,
  customerSchema,
  customerUpdateSchema,
  decodeCursor,
  emailMatchKey,
  encodeCursor,
  exportFile,
  exportHeader,
  fieldOfMessage,
  guessCustomerMapping,
  IMPORT_MESSAGES,
  MESSAGES,
  orderCustomerRefusal,
  orderSchema,
  orderUpdateSchema,
  parseCustomerImportMapping,
  queryCustomers,
  validateCustomerFields,
  type Customer,
  type CustomerExportRow,
} from '../src';

const grace = { name: 'Grace Hopper', company: 'Cobol Systems', email: 'Grace@Cobol.example', phone: '+44 20 7946 0958' };

describe('the customer form', () => {
  it('needs a name and nothing else; an email, when given, must be one', () => {
    expect(validateCustomerFields({ name: 'Ada' })).toEqual({});
    expect(validateCustomerFields({ name: ' \u200b ' })).toEqual({ name: MESSAGES.nameRequired });
    expect(validateCustomerFields({ name: 'Ada', email: 'ada@' })).toEqual({ email: MESSAGES.invalidEmail });
    expect(validateCustomerFields({ name: 'Ada', email: '  ada@example.com ' })).toEqual({});
  });

  it('says every field that fails, in the form order, each with its own message', () => {
    const errors = validateCustomerFields({
      name: '',
      company: 'c'.repeat(CUSTOMER_LIMITS.company + 1),
      phone: '+1\n555',
      billingAddress: '1 Main St\nSpringfield',
      shippingAddress: 'Dock \u0007 4',
      taxId: 'GB\u202e123',
      notes: 'n'.repeat(CUSTOMER_LIMITS.notes + 1),
    });
    expect(errors).toEqual({
      name: MESSAGES.nameRequired,
      company: MESSAGES.fieldTooLong('Company', CUSTOMER_LIMITS.company),
      phone: MESSAGES.controlCharacters('Phone'),
      shippingAddress: MESSAGES.controlCharactersInText('Shipping address'),
      taxId: MESSAGES.directionControls('Tax ID'),
      notes: MESSAGES.fieldTooLong('Notes', CUSTOMER_LIMITS.notes),
    });
    // Each message shows under its own field.
    for (const [field, message] of Object.entries(errors)) if (field !== 'name') expect(fieldOfMessage(message), message).toBe(field);
  });

  it('checks only the fields an edit sends', () => {
    expect(validateCustomerFields({ email: 'x' }, { presentOnly: true })).toEqual({ email: MESSAGES.invalidEmail });
    expect(validateCustomerFields({ phone: '1' }, { presentOnly: true })).toEqual({});
    expect(validateCustomerFields({ name: '' }, { presentOnly: true })).toEqual({ name: MESSAGES.nameRequired });
  });
});

describe('the customer schemas', () => {
  it('trim what they keep, keep line breaks of addresses as \\n, and answer the first failing field', () => {
    const body = customerSchema.parse({ ...grace, name: ' Grace Hopper ', billingAddress: ' 1 Compiler Lane\r\nLeeds ' });
    expect(body).toEqual({ ...grace, billingAddress: '1 Compiler Lane\nLeeds', shippingAddress: '', taxId: '', notes: '' });
    expect(customerSchema.safeParse({ company: 'x' }).error?.issues[0]?.message).toBe(MESSAGES.nameRequired);
    expect(customerSchema.safeParse({ name: 'x', email: 3 }).error?.issues[0]?.message).toBe(MESSAGES.textRequired('Email'));
    expect(customerSchema.safeParse({ name: 'x', archivedAt: null }).success).toBe(false);
  });

  it('an edit changes only what it sends and ignores the read-only fields sent back', () => {
    expect(customerUpdateSchema.parse({ phone: ' 555 ' })).toEqual({ phone: '555' });
    const fetched = { _id: 'x', ...grace, archivedAt: null, createdAt: 'a', updatedAt: 'b', orders: { orders: 1, value: 2 }, createdBy: null };
    expect(customerUpdateSchema.parse(fetched)).toEqual(grace);
    expect(customerUpdateSchema.safeParse({ owner: 'me' }).success).toBe(false);
  });

  it('an order may name a customer; an edit keeps, clears or changes it', () => {
    const order = { name: 'Dock', category: 'Docks', price: 10, quantity: 1 };
    const id = '0b6c2f4e-8d1a-4e3b-9c5d-7a2f1e0d3c4b';
    expect(orderSchema.parse(order).customerId).toBeNull();
    expect(orderSchema.parse({ ...order, customerId: id }).customerId).toBe(id);
    expect(orderSchema.safeParse({ ...order, customerId: 'nobody' }).error?.issues[0]?.message).toBe(MESSAGES.customerNotFound);
    expect(orderUpdateSchema.parse(order).customerId).toBeUndefined();
    expect(orderUpdateSchema.parse({ ...order, customerId: null }).customerId).toBeNull();
    // The customer an order answers with is sent back by clients that edit the whole order: ignored.
    expect(orderUpdateSchema.parse({ ...order, customerId: id, customer: { _id: id, name: 'Grace' } })).not.toHaveProperty('customer');
  });
});

describe('deleting a customer, and naming one on an order', () => {
  it('archives a customer with orders and deletes one without', () => {
    expect(customerRemoval(0)).toBe('delete');
    expect(customerRemoval(1)).toBe('archive');
    expect(customerRemoval(2_000)).toBe('archive');
  });

  it('refuses an unknown customer (404) and an archived one (409)', () => {
    expect(orderCustomerRefusal(null)).toEqual({ status: 404, message: MESSAGES.customerNotFound });
    expect(orderCustomerRefusal({ name: 'Grace', archivedAt: '2026-01-01T00:00:00.000Z' })).toEqual({
      status: 409,
      message: MESSAGES.customerArchivedNoOrders('Grace'),
    });
    expect(orderCustomerRefusal({ name: 'Grace', archivedAt: null })).toBeNull();
    expect(fieldOfMessage(MESSAGES.customerArchivedNoOrders('Grace'))).toBe('customerId');
  });

  it('counts every order and values those not cancelled, to the cent', () => {
    expect(
      customerOrderFigures([
        { status: 'open', orders: 2, valueCents: 1999 },
        { status: 'fulfilled', orders: 1, valueCents: 1 },
        { status: 'cancelled', orders: 3, valueCents: 500_000 },
      ]),
    ).toEqual({ orders: 6, value: 20 });
    expect(customerOrderFigures([])).toEqual({ orders: 0, value: 0 });
  });

  it('gives the catalogue grants on customers', () => {
    expect(can('viewer', 'customers:read')).toBe(true);
    expect(can('viewer', 'customers:create')).toBe(false);
    expect(can('staff', 'customers:update')).toBe(true);
    expect(can('staff', 'customers:delete')).toBe(false);
    expect(can('manager', 'customers:delete')).toBe(true);
  });
});

describe('the customer list', () => {
  const customer = (i: number, over: Partial<Customer> = {}) => ({
    _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `Customer ${String(i).padStart(3, '0')}`,
    company: i % 2 ? 'Acme' : 'Globex',
    email: `c${i}@example.com`,
    phone: `+1 555 ${1000 + i}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    archivedAt: null as string | null,
    ...over,
  });
  const rows = [...Array.from({ length: 12 }, (_, i) => customer(i + 1)), customer(13, { archivedAt: '2026-02-01T00:00:00.000Z' })];
  const query = (over: object = {}) => customerListQuerySchema.parse({ limit: '5', ...over });

  it('pages the active customers by name, forward and back, with exact totals', () => {
    const first = queryCustomers(rows, query());
    expect(first.items.map((row) => row.name)).toEqual(['Customer 001', 'Customer 002', 'Customer 003', 'Customer 004', 'Customer 005']);
    expect(first).toMatchObject({ total: 12, totalExact: true, prev: null });
    const second = queryCustomers(rows, query({ after: first.next }));
    expect(second.items[0]!.name).toBe('Customer 006');
    expect(queryCustomers(rows, query({ before: second.prev })).items).toEqual(first.items);
    expect(decodeCursor(first.next!)).toEqual(['customer 005', first.items[4]!._id]);
  });

  it('finds by name, company, email or phone in any case, and shows archived customers only when asked', () => {
    expect(queryCustomers(rows, query({ q: 'ACME' })).total).toBe(6);
    expect(queryCustomers(rows, query({ q: 'c7@EXAMPLE' })).items.map((row) => row.name)).toEqual(['Customer 007']);
    expect(queryCustomers(rows, query({ q: '555 1012' })).items.map((row) => row.name)).toEqual(['Customer 012']);
    expect(queryCustomers(rows, query({ archived: 'only' })).items.map((row) => row.name)).toEqual(['Customer 013']);
    expect(queryCustomers(rows, query({ archived: 'include' })).total).toBe(13);
    expect(queryCustomers(rows, query({ q: '013' })).total).toBe(0);
  });

  it('sorts newest first by creation, and answers a search past the cap as "at least"', () => {
    expect(queryCustomers(rows, query({ sort: 'createdAt' })).items[0]!.name).toBe('Customer 012');
    const many = Array.from({ length: COUNT_CAP + 5 }, (_, i) => customer(i + 1));
    expect(queryCustomers(many, query({ q: 'customer' }))).toMatchObject({ total: COUNT_CAP, totalExact: false });
    expect(queryCustomers(many, query())).toMatchObject({ total: COUNT_CAP + 5, totalExact: true });
  });

  it('refuses a cursor of another kind of sort, and unknown sorts and filters', () => {
    const numeric = encodeCursor([12, '00000000-0000-4000-8000-000000000001']);
    expect(customerListQuerySchema.safeParse({ after: numeric }).error?.issues[0]?.message).toBe(MESSAGES.invalidCursor);
    expect(customerListQuerySchema.safeParse({ sort: 'price' }).success).toBe(false);
    expect(customerListQuerySchema.safeParse({ archived: 'yes' }).success).toBe(false);
    expect(customerListQuerySchema.parse({})).toMatchObject({ limit: 5, sort: 'name', archived: 'exclude', skip: 0 });
  });

  it('matches emails whatever their ASCII case', () => {
    expect(emailMatchKey(' Grace@Cobol.EXAMPLE ')).toBe('grace@cobol.example');
  });
});

describe('customers as CSV', () => {
  it('maps common headers by themselves', () => {
    expect(
      guessCustomerMapping(['Customer Name', 'Company', 'E-mail', 'Tel', 'VAT', 'Billing Address', 'Shipping Address', 'Comments']),
    ).toEqual({
      name: 'Customer Name',
      company: 'Company',
      email: 'E-mail',
      phone: 'Tel',
      taxId: 'VAT',
      billingAddress: 'Billing Address',
      shippingAddress: 'Shipping Address',
      notes: 'Comments',
    });
    expect(guessCustomerMapping(['Customer', 'Tax ID', 'Phone Number', 'Notes'])).toEqual({
      name: 'Customer',
      taxId: 'Tax ID',
      phone: 'Phone Number',
      notes: 'Notes',
    });
  });

  it('checks each row by the form rules, refuses a second row with one email, and counts nothing from a bad file', () => {
    const checker = createCustomerImportChecker(null);
    expect(checker.header(['Name', 'Email', 'Phone'])).toBeNull();
    expect(checker.record(['Grace Hopper', 'grace@', ''])).toBeNull();
    expect(checker.record(['Grace Hopper', 'Grace@Cobol.example', '555'])).toEqual({
      row: 3,
      values: { name: 'Grace Hopper', email: 'Grace@Cobol.example', phone: '555' },
      matchKey: 'grace@cobol.example',
    });
    expect(checker.record(['', '', ''])).toBeNull();
    expect(checker.record(['Grace again', 'grace@COBOL.example', ''])).toBeNull();
    expect(checker.record(['', 'x@y.example', '', 'extra'])).toBeNull();
    expect(checker.record(['', 'no-email-row@example.com', ''])).toBeNull();
    expect(checker.finish()).toEqual({
      message: IMPORT_MESSAGES.rowErrors(4, 4),
      errors: [
        { row: 2, column: 'Email', message: MESSAGES.invalidEmail },
        { row: 5, column: 'Email', message: 'Email is already used by row 3 of this file' },
        { row: 6, column: 'Column 4', message: IMPORT_MESSAGES.extraCells(3) },
        { row: 7, column: 'Name', message: MESSAGES.nameRequired },
      ],
    });
  });

  it('needs a name column, and a given mapping names headers the file has', () => {
    expect(createCustomerImportChecker(null).header(['Email'])).toEqual({
      message: IMPORT_MESSAGES.missingColumns(['Name']),
      errors: [{ row: 1, column: 'Name', message: IMPORT_MESSAGES.missingColumns(['Name']) }],
    });
    expect(createCustomerImportChecker({ name: 'Who', email: 'Mail' }).header(['Who'])?.message).toBe(IMPORT_MESSAGES.mappingUnknownHeader('Mail'));
    expect(createCustomerImportChecker(null).header(['Name', 'name'])?.message).toBe(IMPORT_MESSAGES.duplicateHeader('Name'));
  });

  it('reads a mapping part as JSON of our customer fields only', () => {
    expect(parseCustomerImportMapping('{"name":"Customer","email":"Mail"}')).toEqual({ name: 'Customer', email: 'Mail' });
    expect(parseCustomerImportMapping('{"sku":"Code"}')).toBeNull();
    expect(parseCustomerImportMapping('{"__proto__":"x"}')).toBeNull();
    expect(parseCustomerImportMapping('[')).toBeNull();
  });

  it('exports the fields under the labels the import reads back, with each date in UTC and local time', () => {
    const row: CustomerExportRow = {
      _id: 'id-1',
      ...grace,
      billingAddress: '1 Compiler Lane\nLeeds',
      shippingAddress: '',
      taxId: 'GB1',
      notes: '=SUM(A1)',
      archivedAt: null,
      createdAt: '2026-11-23T08:05:00.000Z',
      updatedAt: '2026-11-23T08:05:00.000Z',
    };
    const context = { timeZone: 'Europe/Paris' };
    const header = exportHeader(CUSTOMER_EXPORT_COLUMNS, context);
    expect(header).toEqual([
      'Customer ID',
      'Name',
      'Company',
      'Email',
      'Phone',
      'Billing address',
      'Shipping address',
      'Tax ID',
      'Notes',
      'Archived at',
      'Archived at (Europe/Paris)',
      'Created at',
      'Created at (Europe/Paris)',
      'Updated at',
      'Updated at (Europe/Paris)',
    ]);
    const file = exportFile(CUSTOMER_EXPORT_COLUMNS, [row], context);
    expect(file.split('\r\n')[1]).toBe(
      `id-1,Grace Hopper,Cobol Systems,Grace@Cobol.example,'+44 20 7946 0958,"1 Compiler Lane\nLeeds",,GB1,'=SUM(A1),,,2026-11-23T08:05:00.000Z,2026-11-23 09:05:00,2026-11-23T08:05:00.000Z,2026-11-23 09:05:00`,
    );
    // Read back: the import maps every field by the export's labels, and the guard on the note comes off.
    const mapping = guessCustomerMapping(header);
    expect(Object.keys(mapping)).toHaveLength(8);
    const checker = createCustomerImportChecker(null);
    checker.header(header);
    const cells = header.map((name) => {
      const key = Object.entries(mapping).find(([, column]) => column === name)?.[0] as keyof CustomerExportRow | undefined;
      return key ? String(row[key] ?? '') : '';
    });
    const neutralized = cells.map((cell, i) => (header[i] === 'Notes' || header[i] === 'Phone' ? `'${cell}` : cell));
    expect(checker.record(neutralized)?.values).toMatchObject({ notes: '=SUM(A1)', phone: '+44 20 7946 0958', billingAddress: '1 Compiler Lane\nLeeds' });
  });
});
