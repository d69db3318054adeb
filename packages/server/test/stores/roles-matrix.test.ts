import { API_ROUTES, DEFAULT_STORE_SETTINGS, type Order, type Product, type StoreListItem } from '@inventory/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp, uniqueEmail } from '../support/app';
import { multipart, PRODUCT_FIELDS, pngImage } from '../support/catalogue';
import { databases, type TestDatabase } from '../support/databases';
import { apiToken, bearer, call, invite, joinAs, memoryMailer } from '../support/team';

/**
 * Who may call what: every route of the API for every kind of caller, on each database. The expectations are written
 * out here, route by route, independently of the contract's permission table, so a wrong grant anywhere (contract,
 * server) shows as a difference.
 *
 * Callers: the store's owner, manager, staff and viewer (sessions); API tokens of the store with each role; the owner
 * of another store; an anonymous caller; a revoked token. `ok` is any 2xx.
 */
type Caller = 'owner' | 'manager' | 'staff' | 'viewer' | 'ownerToken' | 'managerToken' | 'staffToken' | 'viewerToken' | 'other' | 'anonymous' | 'revoked';
type Expected = 'ok' | 401 | 403 | 404;
const CALLERS: Caller[] = ['owner', 'manager', 'staff', 'viewer', 'ownerToken', 'managerToken', 'staffToken', 'viewerToken', 'other', 'anonymous', 'revoked'];

/** Shorthands for rows of the matrix. */
const row = (owner: Expected, manager: Expected, staff: Expected, viewer: Expected, tokens: 'same' | 401, other: Expected, anonymous: Expected = 401, revoked: Expected = 401) => ({
  owner,
  manager,
  staff,
  viewer,
  ownerToken: tokens === 'same' ? owner : 401,
  managerToken: tokens === 'same' ? manager : 401,
  staffToken: tokens === 'same' ? staff : 401,
  viewerToken: tokens === 'same' ? viewer : 401,
  other,
  anonymous,
  revoked,
});
/** A route of the signed-in person's own account: anyone signed in, no token. */
const ACCOUNT = row('ok', 'ok', 'ok', 'ok', 401, 'ok');

const MATRIX: Record<string, Record<Caller, Expected>> = {
  // Account
  getUser: ACCOUNT,
  updateUser: ACCOUNT,
  changePassword: ACCOUNT,
  contactDetails: ACCOUNT,
  contactUs: ACCOUNT,
  uploadPhoto: ACCOUNT,
  loggedIn: row('ok', 'ok', 'ok', 'ok', 'same', 'ok', 'ok', 'ok'),
  // Stores
  listStores: ACCOUNT,
  createStore: ACCOUNT,
  getActiveStore: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  switchStore: row('ok', 'ok', 'ok', 'ok', 401, 404),
  renameStore: row('ok', 403, 403, 403, 'same', 'ok'),
  deleteStore: row('ok', 403, 403, 403, 401, 'ok'),
  listMembers: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  changeMemberRole: row('ok', 'ok', 403, 403, 'same', 404),
  removeMember: row('ok', 'ok', 403, 403, 'same', 404),
  listInvitations: row('ok', 'ok', 403, 403, 'same', 'ok'),
  inviteMember: row('ok', 'ok', 403, 403, 'same', 'ok'),
  revokeInvitation: row('ok', 'ok', 403, 403, 'same', 404),
  previewInvitation: row('ok', 'ok', 'ok', 'ok', 'same', 'ok', 'ok', 'ok'),
  // Signed in with another email than the one invited: refused whoever the caller is.
  acceptInvitation: row(403, 403, 403, 403, 401, 403),
  listTokens: row('ok', 403, 403, 403, 401, 'ok'),
  createToken: row('ok', 403, 403, 403, 401, 'ok'),
  revokeToken: row('ok', 403, 403, 403, 401, 404),
  // Products and orders
  createProduct: row('ok', 'ok', 'ok', 403, 'same', 'ok'),
  listProducts: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  getProduct: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  updateProduct: row('ok', 'ok', 'ok', 403, 'same', 404),
  deleteProduct: row('ok', 'ok', 403, 403, 'same', 404),
  // What a delete would do, and restoring an archived product: as deleting (0033).
  productRemoval: row('ok', 'ok', 403, 403, 'same', 404),
  restoreProduct: row('ok', 'ok', 403, 403, 'same', 404),
  // Setting a category on many: as editing; another store's ids name nothing of the caller's store.
  bulkProducts: row('ok', 'ok', 'ok', 403, 'same', 404),
  productSummary: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  productCategories: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  productMovements: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  adjustStock: row('ok', 'ok', 'ok', 403, 'same', 404),
  // Importing adds and edits products: the roles that may do both.
  importProducts: row('ok', 'ok', 'ok', 403, 'same', 'ok'),
  exportProducts: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  exportOrders: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  exportMovements: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  createOrder: row('ok', 'ok', 'ok', 403, 'same', 'ok'),
  listOrders: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  getOrder: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  updateOrder: row('ok', 'ok', 'ok', 403, 'same', 404),
  deleteOrder: row('ok', 'ok', 403, 403, 'same', 404),
  // Shipments and returns (issue 27, 0041): recorded as editing an order, read as reading one.
  createShipment: row('ok', 'ok', 'ok', 403, 'same', 404),
  listShipments: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  packingSlip: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  createReturn: row('ok', 'ok', 'ok', 403, 'same', 404),
  listReturns: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  // Customers: the catalogue's grants (0035); deleting, archiving and restoring as deleting products.
  createCustomer: row('ok', 'ok', 'ok', 403, 'same', 'ok'),
  listCustomers: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  getCustomer: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  updateCustomer: row('ok', 'ok', 'ok', 403, 'same', 404),
  deleteCustomer: row('ok', 'ok', 403, 403, 'same', 404),
  restoreCustomer: row('ok', 'ok', 403, 403, 'same', 404),
  customerOrders: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  importCustomers: row('ok', 'ok', 'ok', 403, 'same', 'ok'),
  exportCustomers: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  // Store settings and tax rates (0038): every member reads them, owners change them.
  getStoreSettings: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  updateStoreSettings: row('ok', 403, 403, 403, 'same', 'ok'),
  setStoreLogo: row('ok', 403, 403, 403, 'same', 'ok'),
  removeStoreLogo: row('ok', 403, 403, 403, 'same', 'ok'),
  listTaxRates: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  createTaxRate: row('ok', 403, 403, 403, 'same', 'ok'),
  getTaxRate: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  updateTaxRate: row('ok', 403, 403, 403, 'same', 404),
  deleteTaxRate: row('ok', 403, 403, 403, 'same', 404),
  setDefaultTaxRate: row('ok', 403, 403, 403, 'same', 404),
  // Categories (0032): every member reads them; renaming and merging, which change every product of one, as deleting.
  listCategories: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  renameCategory: row('ok', 'ok', 403, 403, 'same', 404),
  mergeCategory: row('ok', 'ok', 403, 403, 'same', 404),
  // Suppliers (0037): every member reads; owners and managers add, edit, link, archive and restore.
  createSupplier: row('ok', 'ok', 403, 403, 'same', 'ok'),
  listSuppliers: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  getSupplier: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  updateSupplier: row('ok', 'ok', 403, 403, 'same', 404),
  deleteSupplier: row('ok', 'ok', 403, 403, 'same', 404),
  restoreSupplier: row('ok', 'ok', 403, 403, 'same', 404),
  supplierProducts: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  importSuppliers: row('ok', 'ok', 403, 403, 'same', 'ok'),
  exportSuppliers: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  productSuppliers: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  addProductSupplier: row('ok', 'ok', 403, 403, 'same', 404),
  putProductSupplier: row('ok', 'ok', 403, 403, 'same', 404),
  removeProductSupplier: row('ok', 'ok', 403, 403, 'same', 404),
  // Purchase orders (0042, 0047): owners and managers buy; staff also read them and receive, without costs.
  createPurchaseOrder: row('ok', 'ok', 403, 403, 'same', 404),
  listPurchaseOrders: row('ok', 'ok', 'ok', 403, 'same', 'ok'),
  reorderList: row('ok', 'ok', 403, 403, 'same', 'ok'),
  orderThese: row('ok', 'ok', 403, 403, 'same', 'ok'),
  getPurchaseOrder: row('ok', 'ok', 'ok', 403, 'same', 404),
  updatePurchaseOrder: row('ok', 'ok', 403, 403, 'same', 404),
  deletePurchaseOrder: row('ok', 'ok', 403, 403, 'same', 404),
  setPurchaseOrderStatus: row('ok', 'ok', 403, 403, 'same', 404),
  purchaseOrderPdf: row('ok', 'ok', 403, 403, 'same', 404),
  mailPurchaseOrder: row('ok', 'ok', 403, 403, 'same', 404),
  receivePurchaseOrder: row('ok', 'ok', 'ok', 403, 'same', 404),
  purchaseOrderReceipts: row('ok', 'ok', 'ok', 403, 'same', 404),
  // Invoices (0043): every member reads; staff prepare drafts and mail them; owners and managers issue, credit and
  // take payments; the numbering is a store setting (owners).
  getBillingNumbering: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  putBillingNumbering: row('ok', 403, 403, 403, 'same', 'ok'),
  createInvoice: row('ok', 'ok', 'ok', 403, 'same', 404),
  listInvoices: row('ok', 'ok', 'ok', 'ok', 'same', 'ok'),
  getInvoice: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  updateInvoice: row('ok', 'ok', 'ok', 403, 'same', 404),
  deleteInvoice: row('ok', 'ok', 'ok', 403, 'same', 404),
  issueInvoice: row('ok', 'ok', 403, 403, 'same', 404),
  listCreditNotes: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  createCreditNote: row('ok', 'ok', 403, 403, 'same', 404),
  listPayments: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  createPayment: row('ok', 'ok', 403, 403, 'same', 404),
  getInvoicePdf: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  sendInvoice: row('ok', 'ok', 'ok', 403, 'same', 404),
  // Invoicing an order (0044): drafting is invoices:write, reading what is invoiced invoices:read.
  invoiceOrder: row('ok', 'ok', 'ok', 403, 'same', 404),
  getOrderInvoicing: row('ok', 'ok', 'ok', 'ok', 'same', 404),
  // Bill Reports (0045): costs and margins, owners' and managers' (reports:read); another store's member sees their own.
  salesReport: row('ok', 'ok', 403, 403, 'same', 'ok'),
  salesReportCsv: row('ok', 'ok', 403, 403, 'same', 'ok'),
  taxReport: row('ok', 'ok', 403, 403, 'same', 'ok'),
  taxReportCsv: row('ok', 'ok', 403, 403, 'same', 'ok'),
  receivablesReport: row('ok', 'ok', 403, 403, 'same', 'ok'),
  receivablesReportCsv: row('ok', 'ok', 403, 403, 'same', 'ok'),
  stockValueReport: row('ok', 'ok', 403, 403, 'same', 'ok'),
  stockValueReportCsv: row('ok', 'ok', 403, 403, 'same', 'ok'),
  // A product image: the store's members and tokens; anyone else cannot tell it exists.
  getUpload: row('ok', 'ok', 'ok', 'ok', 'same', 404, 404, 401),
};

/** Routes that neither depend on a store nor on a role, with where they are proved instead. */
const NOT_IN_MATRIX: Record<string, string> = {
  register: 'signing up: users.test.ts, security/auth.test.ts',
  login: 'signing in: users.test.ts, security/auth.test.ts',
  logout: 'signing out: users.test.ts, security/auth.test.ts',
  forgotPassword: 'public: users.test.ts',
  resetPassword: 'public: users.test.ts',
  defaultAvatar: 'public image',
  health: 'probe',
  ready: 'probe',
  openApiDocument: 'public document',
  apiReference: 'public page',
  apiReferenceAsset: 'public page assets',
};

describe('the roles matrix', () => {
  it('covers every route of the API (or says where a route is proved instead)', () => {
    const covered = new Set([...Object.keys(MATRIX), ...Object.keys(NOT_IN_MATRIX)]);
    expect(API_ROUTES.map((route) => route.operationId).filter((id) => !covered.has(id))).toEqual([]);
    expect(Object.keys(MATRIX).filter((id) => !API_ROUTES.some((route) => route.operationId === id))).toEqual([]);
  });
});

describe.each(databases)('roles × routes on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const mailer = memoryMailer();
  const headers = {} as Record<Caller, Record<string, string>>;
  let storeId: string;
  let ownerToken: string;
  let otherToken: string;
  let otherStoreId: string;
  let pawnId: string;
  let image: Buffer;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, {}, { mailer });
    image = await pngImage();
    const owner = await register(app, { name: 'Olivia Owner' });
    ownerToken = owner.token!;
    storeId = (await call(app, 'GET', '/api/stores', cookieHeader(ownerToken))).json<StoreListItem[]>()[0]!._id;
    headers.owner = cookieHeader(ownerToken);
    for (const role of ['manager', 'staff', 'viewer'] as const) headers[role] = cookieHeader((await joinAs(app, mailer, ownerToken, role)).token);
    for (const role of ['owner', 'manager', 'staff', 'viewer'] as const) headers[`${role}Token`] = bearer((await apiToken(app, ownerToken, role)).token);
    const other = await register(app, { name: 'Otto Other' });
    otherToken = other.token!;
    otherStoreId = (await call(app, 'GET', '/api/stores', cookieHeader(otherToken))).json<StoreListItem[]>()[0]!._id;
    headers.other = cookieHeader(otherToken);
    headers.anonymous = {};
    const revoked = await apiToken(app, ownerToken, 'owner', 'revoked script');
    expect((await call(app, 'DELETE', `/api/stores/active/tokens/${revoked._id}`, headers.owner)).statusCode).toBe(200);
    headers.revoked = bearer(revoked.token);
    pawnId = (await joinAs(app, mailer, ownerToken, 'staff', 'Pawn')).userId;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  // ---- fixtures, made by the owner before each call so every call has something of its own to act on ----
  const asOwner = () => headers.owner;
  const newProduct = async () => {
    const body = await multipart(PRODUCT_FIELDS, { fileName: 'p.png', type: 'image/png', bytes: image });
    const response = await app.inject({ method: 'POST', url: '/api/products', payload: body.payload, headers: { ...body.headers, ...asOwner() } });
    return response.json<Product>();
  };
  /** A product an order names, archived by deleting it (restoring it is the call). */
  const archivedProduct = async () => {
    const product = await newProduct();
    await call(app, 'POST', '/api/orders', asOwner(), { name: 'Dock', category: 'Docks', price: 99, quantity: 1, productId: product._id });
    await call(app, 'DELETE', `/api/products/${product._id}`, asOwner());
    return product;
  };
  const newOrder = async () =>
    (await call(app, 'POST', '/api/orders', asOwner(), { name: 'Dock', category: 'Docks', price: 99, quantity: 1 })).json<Order>();
  /** An order of one line shipped (its line's id is the order's own, 0041), and its shipment. */
  const shippedOrder = async () => {
    const order = await newOrder();
    const shipment = (await call(app, 'POST', `/api/orders/${order._id}/shipments`, asOwner(), { lines: [{ lineId: order._id, quantity: 1 }] })).json<{ _id: string }>();
    return { order, shipment };
  };
  /** A one-line order of the owner's for a customer: what invoicing an order needs. */
  const billedOrder = async () => {
    const customer = await newCustomer();
    return (await call(app, 'POST', '/api/orders', asOwner(), { name: 'Dock', category: 'Docks', price: 99, quantity: 1, customerId: customer._id })).json<Order>();
  };
  const newCustomer = async () => (await call(app, 'POST', '/api/customers', asOwner(), { name: 'Grace Hopper', company: 'Cobol Systems' })).json<{ _id: string }>();
  /** A customer an order names, archived (restoring them is the call). */
  const archivedCustomer = async () => {
    const customer = await newCustomer();
    await call(app, 'POST', '/api/orders', asOwner(), { name: 'Dock', category: 'Docks', price: 99, quantity: 1, customerId: customer._id });
    await call(app, 'DELETE', `/api/customers/${customer._id}`, asOwner());
    return customer;
  };
  const newTaxRate = async () => (await call(app, 'POST', '/api/tax-rates', asOwner(), { name: 'Matrix rate', percent: 20 })).json<{ _id: string }>();
  /** One rate the read, edit and default calls share (a store keeps at most 50). */
  let sharedRate: Promise<{ _id: string }> | undefined;
  const taxRate = () => (sharedRate ??= newTaxRate());
  let categories = 0;
  /** A category of its own with one product (the owner's), by id. */
  const newCategory = async () => {
    categories += 1;
    const name = `Matrix category ${categories}`;
    const body = await multipart({ ...PRODUCT_FIELDS, category: name });
    await app.inject({ method: 'POST', url: '/api/products', payload: body.payload, headers: { ...body.headers, ...asOwner() } });
    const listed = (await call(app, 'GET', `/api/categories?q=${encodeURIComponent(name)}`, asOwner())).json<{ items: { _id: string; name: string }[] }>();
    return listed.items.find((category) => category.name === name)!._id;
  };
  let supplierCount = 0;
  const newSupplier = async () => (await call(app, 'POST', '/api/suppliers', asOwner(), { name: `Supplier ${(supplierCount += 1)}` })).json<{ _id: string }>();
  /** A product with a supplier linked. */
  const linkedProduct = async () => {
    const product = await newProduct();
    const supplier = await newSupplier();
    await call(app, 'POST', `/api/products/${product._id}/suppliers`, asOwner(), { supplierId: supplier._id });
    return { product, supplier };
  };
  /** A supplier a product names, archived (restoring them is the call). */
  const archivedSupplier = async () => {
    const { supplier } = await linkedProduct();
    await call(app, 'DELETE', `/api/suppliers/${supplier._id}`, asOwner());
    return supplier;
  };
  /** A purchase order of one product from a supplier with an address: a draft, or sent (ordered). */
  const newPurchaseOrder = async (sent: boolean) => {
    const product = await newProduct();
    const supplier = (await call(app, 'POST', '/api/suppliers', asOwner(), { name: `Buying ${(supplierCount += 1)}`, email: 'po@example.com' })).json<{ _id: string }>();
    const order = (await call(app, 'POST', '/api/purchase-orders', asOwner(), { supplierId: supplier._id, lines: [{ productId: product._id, quantity: 5, unitCost: 2 }] })).json<{ _id: string; lines: { _id: string }[] }>();
    if (sent) await call(app, 'POST', `/api/purchase-orders/${order._id}/status`, asOwner(), { status: 'ordered' });
    return { order, product, supplier };
  };
  /** A draft invoice of the owner's for a customer with an email, or issued. */
  const newInvoice = async (issued: boolean) => {
    const customer = (await call(app, 'POST', '/api/customers', asOwner(), { name: 'Billed', email: uniqueEmail('billed') })).json<{ _id: string }>();
    const invoice = (await call(app, 'POST', '/api/invoices', asOwner(), { customerId: customer._id, lines: [{ description: 'Work', quantity: 2, unitPrice: 10 }] })).json<{ _id: string }>();
    if (issued) await call(app, 'POST', `/api/invoices/${invoice._id}/issue`, asOwner());
    return { invoice, customer };
  };
  const pawnAsStaff = async () => {
    await app.db.deleteFrom('memberships').where('store_id', '=', storeId).where('user_id', '=', pawnId).execute();
    const at = new Date().toISOString();
    await app.db.insertInto('memberships').values({ store_id: storeId, user_id: pawnId, role: 'staff', joined_at: at, last_active_at: null }).execute();
  };
  const productForm = async (method: 'POST' | 'PATCH', url: string): Promise<InjectOptions> => {
    const body = await multipart(PRODUCT_FIELDS);
    return { method, url, payload: body.payload, headers: body.headers };
  };
  const json = (method: InjectOptions['method'], url: string, payload?: unknown): InjectOptions => ({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

  /** The request each route gets, prepared for one caller; `after` puts the caller back in the store it started in. */
  const REQUESTS: Record<string, (caller: Caller) => Promise<InjectOptions & { after?: () => Promise<void> }>> = {
    getUser: async () => json('GET', '/api/users/getuser'),
    updateUser: async () => json('PATCH', '/api/users/updateuser', { bio: 'Counts stock' }),
    changePassword: async () => json('PATCH', '/api/users/changepassword', { oldPassword: 'secret123', password: 'secret123' }),
    contactDetails: async () => json('GET', '/api/contactus'),
    contactUs: async () => json('POST', '/api/contactus', { subject: 'Hello', message: 'A question' }),
    uploadPhoto: async () => {
      const body = await multipart({}, { field: 'file', fileName: 'me.png', type: 'image/png', bytes: image });
      return { method: 'POST', url: '/api/uploads', payload: body.payload, headers: body.headers };
    },
    loggedIn: async () => json('GET', '/api/users/loggedin'),
    listStores: async () => json('GET', '/api/stores'),
    createStore: async (caller) => ({
      ...json('POST', '/api/stores', { name: 'Second shop' }),
      after: async () => {
        await app.inject({ ...json('PUT', '/api/stores/active', { storeId: caller === 'other' ? otherStoreId : storeId }), headers: headers[caller] });
      },
    }),
    getActiveStore: async () => json('GET', '/api/stores/active'),
    switchStore: async () => json('PUT', '/api/stores/active', { storeId }),
    renameStore: async () => json('PATCH', '/api/stores/active', { name: 'Renamed shop' }),
    deleteStore: async (caller) => {
      // The owners delete a store made for the purpose (it becomes their active one); everyone else aims at this store.
      if (caller === 'owner' || caller === 'other') await app.inject({ ...json('POST', '/api/stores', { name: 'Doomed' }), headers: headers[caller] });
      return {
        ...json('DELETE', '/api/stores/active'),
        after: async () => {
          if (caller === 'owner') await app.inject({ ...json('PUT', '/api/stores/active', { storeId }), headers: headers.owner });
          if (caller === 'other') await app.inject({ ...json('PUT', '/api/stores/active', { storeId: otherStoreId }), headers: headers.other });
        },
      };
    },
    listMembers: async () => json('GET', '/api/stores/active/members'),
    changeMemberRole: async () => {
      await pawnAsStaff();
      return json('PATCH', `/api/stores/active/members/${pawnId}`, { role: 'viewer' });
    },
    removeMember: async () => {
      await pawnAsStaff();
      return json('DELETE', `/api/stores/active/members/${pawnId}`);
    },
    listInvitations: async () => json('GET', '/api/stores/active/invitations'),
    inviteMember: async () => json('POST', '/api/stores/active/invitations', { email: uniqueEmail('invitee'), role: 'viewer' }),
    revokeInvitation: async () => {
      const { invitation } = await invite(app, mailer, ownerToken, uniqueEmail('revokee'), 'viewer');
      return json('DELETE', `/api/stores/active/invitations/${invitation._id}`);
    },
    previewInvitation: async () => json('GET', `/api/invitations/${(await invite(app, mailer, ownerToken, uniqueEmail('previewee'), 'viewer')).token}`),
    acceptInvitation: async () =>
      json('POST', `/api/invitations/${(await invite(app, mailer, ownerToken, uniqueEmail('someone.else'), 'viewer')).token}/accept`),
    listTokens: async () => json('GET', '/api/stores/active/tokens'),
    createToken: async () => json('POST', '/api/stores/active/tokens', { name: 'Matrix script', role: 'viewer' }),
    revokeToken: async () => json('DELETE', `/api/stores/active/tokens/${(await apiToken(app, ownerToken, 'viewer'))._id}`),
    createProduct: async () => productForm('POST', '/api/products'),
    listProducts: async () => json('GET', '/api/products'),
    getProduct: async () => json('GET', `/api/products/${(await newProduct())._id}`),
    updateProduct: async () => productForm('PATCH', `/api/products/${(await newProduct())._id}`),
    deleteProduct: async () => json('DELETE', `/api/products/${(await newProduct())._id}`),
    productRemoval: async () => json('GET', `/api/products/${(await newProduct())._id}/removal`),
    restoreProduct: async () => json('POST', `/api/products/${(await archivedProduct())._id}/restore`),
    bulkProducts: async () => json('POST', '/api/products/bulk', { action: 'set-category', category: 'Docks', ids: [(await newProduct())._id] }),
    productSummary: async () => json('GET', '/api/products/summary'),
    productCategories: async () => json('GET', '/api/products/categories'),
    productMovements: async () => json('GET', `/api/products/${(await newProduct())._id}/movements`),
    adjustStock: async () => json('POST', `/api/products/${(await newProduct())._id}/adjustments`, { change: 2 }),
    importProducts: async () => {
      const body = await multipart({}, { field: 'file', fileName: 'catalogue.csv', type: 'text/csv', bytes: Buffer.from('Name,Category,Price,Quantity\r\nCable,Cables,5,2\r\n') });
      return { method: 'POST', url: '/api/products/import', payload: body.payload, headers: body.headers };
    },
    exportProducts: async () => json('GET', '/api/products/export'),
    exportOrders: async () => json('GET', '/api/orders/export'),
    exportMovements: async () => json('GET', '/api/movements/export'),
    createOrder: async () => json('POST', '/api/orders', { name: 'Cable', category: 'Cables', price: 5, quantity: 2 }),
    listOrders: async () => json('GET', '/api/orders'),
    getOrder: async () => json('GET', `/api/orders/${(await newOrder())._id}`),
    updateOrder: async () => json('PATCH', `/api/orders/${(await newOrder())._id}`, { name: 'Dock 2', category: 'Docks', price: 99, quantity: 2 }),
    deleteOrder: async () => json('DELETE', `/api/orders/${(await newOrder())._id}`),
    createShipment: async () => {
      const order = await newOrder();
      return json('POST', `/api/orders/${order._id}/shipments`, { lines: [{ lineId: order._id, quantity: 1 }], carrier: 'UPS' });
    },
    listShipments: async () => json('GET', `/api/orders/${(await newOrder())._id}/shipments`),
    packingSlip: async () => {
      const { order, shipment } = await shippedOrder();
      return json('GET', `/api/orders/${order._id}/shipments/${shipment._id}/packing-slip`);
    },
    createReturn: async () => {
      const { order } = await shippedOrder();
      return json('POST', `/api/orders/${order._id}/returns`, { lines: [{ lineId: order._id, quantity: 1, reason: 'not_wanted' }] });
    },
    listReturns: async () => json('GET', `/api/orders/${(await newOrder())._id}/returns`),
    createCustomer: async () => json('POST', '/api/customers', { name: 'Ada Lovelace', email: uniqueEmail('ada') }),
    listCustomers: async () => json('GET', '/api/customers?limit=5&q=grace'),
    getCustomer: async () => json('GET', `/api/customers/${(await newCustomer())._id}`),
    updateCustomer: async () => json('PATCH', `/api/customers/${(await newCustomer())._id}`, { phone: '+1 555 0100' }),
    deleteCustomer: async () => json('DELETE', `/api/customers/${(await newCustomer())._id}`),
    restoreCustomer: async () => json('POST', `/api/customers/${(await archivedCustomer())._id}/restore`),
    customerOrders: async () => json('GET', `/api/customers/${(await archivedCustomer())._id}/orders`),
    importCustomers: async () => {
      const body = await multipart({}, { field: 'file', fileName: 'customers.csv', type: 'text/csv', bytes: Buffer.from('Customer,E-mail\r\nAda,\r\n') });
      return { method: 'POST', url: '/api/customers/import', payload: body.payload, headers: body.headers };
    },
    exportCustomers: async () => json('GET', '/api/customers/export'),
    getStoreSettings: async () => json('GET', '/api/stores/active/settings'),
    updateStoreSettings: async () => json('PUT', '/api/stores/active/settings', { ...DEFAULT_STORE_SETTINGS, legalName: 'Matrix Ltd' }),
    setStoreLogo: async () => {
      const body = await multipart({}, { field: 'file', fileName: 'logo.png', type: 'image/png', bytes: image });
      return { method: 'PUT', url: '/api/stores/active/settings/logo', payload: body.payload, headers: body.headers };
    },
    removeStoreLogo: async () => json('DELETE', '/api/stores/active/settings/logo'),
    listTaxRates: async () => json('GET', '/api/tax-rates'),
    createTaxRate: async () => json('POST', '/api/tax-rates', { name: 'Reduced', percent: 8 }),
    getTaxRate: async () => json('GET', `/api/tax-rates/${(await taxRate())._id}`),
    updateTaxRate: async () => json('PATCH', `/api/tax-rates/${(await taxRate())._id}`, { percent: 21 }),
    deleteTaxRate: async () => json('DELETE', `/api/tax-rates/${(await newTaxRate())._id}`),
    setDefaultTaxRate: async () => json('POST', `/api/tax-rates/${(await taxRate())._id}/default`),
    listCategories: async () => json('GET', '/api/categories?q=matrix&limit=5'),
    renameCategory: async () => json('PATCH', `/api/categories/${await newCategory()}`, { name: `Renamed ${categories}` }),
    mergeCategory: async () => {
      const into = await newCategory();
      return json('POST', `/api/categories/${await newCategory()}/merge`, { into });
    },
    createSupplier: async () => json('POST', '/api/suppliers', { name: `New supplier ${(supplierCount += 1)}` }),
    listSuppliers: async () => json('GET', '/api/suppliers?limit=5&q=supplier'),
    getSupplier: async () => json('GET', `/api/suppliers/${(await newSupplier())._id}`),
    updateSupplier: async () => json('PATCH', `/api/suppliers/${(await newSupplier())._id}`, { phone: '+1 555 0100' }),
    deleteSupplier: async () => json('DELETE', `/api/suppliers/${(await newSupplier())._id}`),
    restoreSupplier: async () => json('POST', `/api/suppliers/${(await archivedSupplier())._id}/restore`),
    supplierProducts: async () => json('GET', `/api/suppliers/${(await archivedSupplier())._id}/products`),
    importSuppliers: async () => {
      const body = await multipart({}, { field: 'file', fileName: 'suppliers.csv', type: 'text/csv', bytes: Buffer.from(`Supplier,Lead time\r\nImported ${(supplierCount += 1)},3\r\n`) });
      return { method: 'POST', url: '/api/suppliers/import', payload: body.payload, headers: body.headers };
    },
    exportSuppliers: async () => json('GET', '/api/suppliers/export'),
    productSuppliers: async () => json('GET', `/api/products/${(await linkedProduct()).product._id}/suppliers`),
    addProductSupplier: async () => json('POST', `/api/products/${(await newProduct())._id}/suppliers`, { supplierId: (await newSupplier())._id }),
    putProductSupplier: async () => {
      const { product, supplier } = await linkedProduct();
      return json('PUT', `/api/products/${product._id}/suppliers/${supplier._id}`, { packSize: 6 });
    },
    removeProductSupplier: async () => {
      const { product, supplier } = await linkedProduct();
      return json('DELETE', `/api/products/${product._id}/suppliers/${supplier._id}`);
    },
    createPurchaseOrder: async () => {
      const { product, supplier } = await newPurchaseOrder(false);
      return json('POST', '/api/purchase-orders', { supplierId: supplier._id, lines: [{ productId: product._id, quantity: 1, unitCost: 1 }] });
    },
    listPurchaseOrders: async () => json('GET', '/api/purchase-orders?limit=5'),
    reorderList: async () => json('GET', '/api/purchase-orders/reorder'),
    orderThese: async () => json('POST', '/api/purchase-orders/suggestions', { all: true }),
    getPurchaseOrder: async () => json('GET', `/api/purchase-orders/${(await newPurchaseOrder(false)).order._id}`),
    updatePurchaseOrder: async () => json('PATCH', `/api/purchase-orders/${(await newPurchaseOrder(false)).order._id}`, { notes: 'Ring first' }),
    deletePurchaseOrder: async () => json('DELETE', `/api/purchase-orders/${(await newPurchaseOrder(false)).order._id}`),
    setPurchaseOrderStatus: async () => json('POST', `/api/purchase-orders/${(await newPurchaseOrder(false)).order._id}/status`, { status: 'ordered' }),
    purchaseOrderPdf: async () => json('GET', `/api/purchase-orders/${(await newPurchaseOrder(false)).order._id}/pdf`),
    mailPurchaseOrder: async () => json('POST', `/api/purchase-orders/${(await newPurchaseOrder(true)).order._id}/mail`),
    receivePurchaseOrder: async () => {
      const { order } = await newPurchaseOrder(true);
      return json('POST', `/api/purchase-orders/${order._id}/receipts`, { lines: [{ lineId: order.lines[0]!._id, quantity: 1 }] });
    },
    purchaseOrderReceipts: async () => json('GET', `/api/purchase-orders/${(await newPurchaseOrder(true)).order._id}/receipts`),
    getBillingNumbering: async () => json('GET', '/api/invoices/numbering'),
    putBillingNumbering: async () => json('PUT', '/api/invoices/numbering', { invoicePrefix: 'INV', creditNotePrefix: 'CN', withYear: true }),
    createInvoice: async () => json('POST', '/api/invoices', { customerId: (await newInvoice(false)).customer._id, lines: [{ description: 'Work', quantity: 1, unitPrice: 5 }] }),
    listInvoices: async () => json('GET', '/api/invoices?limit=5'),
    getInvoice: async () => json('GET', `/api/invoices/${(await newInvoice(false)).invoice._id}`),
    updateInvoice: async () => json('PATCH', `/api/invoices/${(await newInvoice(false)).invoice._id}`, { notes: 'Thanks' }),
    deleteInvoice: async () => json('DELETE', `/api/invoices/${(await newInvoice(false)).invoice._id}`),
    issueInvoice: async () => json('POST', `/api/invoices/${(await newInvoice(false)).invoice._id}/issue`),
    listCreditNotes: async () => json('GET', `/api/invoices/${(await newInvoice(true)).invoice._id}/credit-notes`),
    createCreditNote: async () => json('POST', `/api/invoices/${(await newInvoice(true)).invoice._id}/credit-notes`, { lines: [{ line: 1, quantity: 1 }] }),
    listPayments: async () => json('GET', `/api/invoices/${(await newInvoice(true)).invoice._id}/payments`),
    createPayment: async () => json('POST', `/api/invoices/${(await newInvoice(true)).invoice._id}/payments`, { amountCents: 100, date: '2026-03-01', method: 'cash' }),
    getInvoicePdf: async () => json('GET', `/api/invoices/${(await newInvoice(true)).invoice._id}/pdf`),
    sendInvoice: async () => json('POST', `/api/invoices/${(await newInvoice(true)).invoice._id}/send`),
    invoiceOrder: async () => json('POST', `/api/orders/${(await billedOrder())._id}/invoices`, { basis: 'all' }),
    getOrderInvoicing: async () => json('GET', `/api/orders/${(await billedOrder())._id}/invoicing`),
    salesReport: async () => json('GET', '/api/reports/sales?from=2026-01-01&to=2026-03-31&groupBy=month'),
    salesReportCsv: async () => json('GET', '/api/reports/sales.csv?from=2026-01-01&to=2026-03-31&groupBy=product'),
    taxReport: async () => json('GET', '/api/reports/taxes?from=2026-01-01&to=2026-03-31'),
    taxReportCsv: async () => json('GET', '/api/reports/taxes.csv?from=2026-01-01&to=2026-03-31'),
    receivablesReport: async () => json('GET', '/api/reports/receivables'),
    receivablesReportCsv: async () => json('GET', '/api/reports/receivables.csv'),
    stockValueReport: async () => json('GET', '/api/reports/stock-value?from=2026-01-01&to=2026-03-31'),
    stockValueReportCsv: async () => json('GET', '/api/reports/stock-value.csv?from=2026-01-01&to=2026-03-31'),
    getUpload: async () => {
      const filePath = (await newProduct()).image as { filePath: string };
      return json('GET', new URL(filePath.filePath).pathname);
    },
  };

  const outcome = (response: LightMyRequestResponse): Expected | number =>
    response.statusCode >= 200 && response.statusCode < 300 ? 'ok' : response.statusCode;

  it.each(Object.keys(MATRIX))('%s answers each caller as its role allows', async (operationId) => {
    const differences: string[] = [];
    for (const caller of CALLERS) {
      const { after, ...request } = await REQUESTS[operationId]!(caller);
      const response = await app.inject({ ...request, headers: { ...request.headers, ...headers[caller] } });
      await after?.();
      const expected = MATRIX[operationId]![caller];
      const got = outcome(response);
      if (got !== expected) differences.push(`${caller}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 160)}`);
      if (got === 403 && expected === 403 && !/does not allow|cannot|is for /.test(response.json<{ message: string }>().message)) {
        differences.push(`${caller}: 403 without a message saying why: ${response.body}`);
      }
      // Whatever another store's member gets, it never holds anything of this store.
      if (caller === 'other' && response.body.includes(storeId)) differences.push(`other: the answer names this store: ${response.body.slice(0, 160)}`);
    }
    expect(differences).toEqual([]);
  });

  it("never lists this store's products or orders to another store's member", async () => {
    const product = await newProduct();
    const order = await newOrder();
    const products = (await call(app, 'GET', '/api/products', headers.other)).json<Product[]>();
    const orders = (await call(app, 'GET', '/api/orders', headers.other)).json<Order[]>();
    expect(products.map((p) => p._id)).not.toContain(product._id);
    expect(orders.map((o) => o._id)).not.toContain(order._id);
    // And the store's own members all see them.
    for (const caller of ['owner', 'manager', 'staff', 'viewer', 'viewerToken'] as const) {
      expect((await call(app, 'GET', '/api/products', headers[caller])).json<Product[]>().map((p) => p._id)).toContain(product._id);
    }
  });
});
