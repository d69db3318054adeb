import {
  categoryKey,
  fromCents,
  MESSAGES,
  orderLineAmountCents,
  outstandingToShip,
  salesOrderStatus,
  salesStatusOfRow,
  toCents,
  type OrderReturn,
  type Shipment,
  preferredSpelling,
  resolveCategory,
  NO_CONTACT_DETAILS,
  RESET_TOKEN_TTL_MINUTES,
  ROLE_RANK,
  SESSION_TTL_DAYS,
  type Actor,
  type CorrectionReason,
  type DocumentKind,
  type ContactDetails,
  type Customer,
  type MovementReason,
  type OrderCustomer,
  type Order,
  type Product,
  type ProductSupplier,
  type ProductSupplierFields,
  type PurchaseOrderStatus,
  type Role,
  type StoreSettingsFields,
  type Supplier,
  type User,
  type BillingNumbering,
  type CreditedSoFar,
  type CreditNote,
  type Invoice,
  type InvoiceLine,
  type LineTotals,
  type Payment,
  type RateTotals,
} from '@inventory/contract';
import { FIXTURE_IMAGES } from './fixture-images';
import { base64ByteLength, demoCustomers, demoOrders, demoProducts, demoSupplierLinks, demoSuppliers, demoUser, type SeedUserInput } from './fixtures';
import { publicPhoto, publicUrlOf } from './urls';

/**
 * The mock's in-memory database. One object holding a collection per feature (users and sessions, products, orders,
 * uploads, contact messages); a new feature adds a collection here and a line in `emptyState()`.
 *
 * Only the mock keeps a plain `password` on the user: it is test data, never a real credential.
 */
export interface StoredUser extends User {
  password: string;
  /** The store a new session of this user starts on: the one they last switched to (or joined, or created). */
  lastStoreId?: string | null;
}

export interface StoredSession {
  userId: string;
  /** Sliding expiry (ms since epoch): SESSION_TTL_DAYS after the last use, like the server. */
  expiresAt: number;
  /**
   * The store this session's products, orders and dashboard answer for. It may name a store the user has since left
   * (removed, or the store deleted): the next store call then answers 403 notAMember and moves it (store-auth.ts).
   */
  activeStoreId: string | null;
}

/** A store: owns products, orders and their images. */
export interface StoredStore {
  _id: string;
  name: string;
  createdAt: string;
}

/** One user's role in one store. */
export interface StoredMembership {
  storeId: string;
  userId: string;
  role: Role;
  joinedAt: string;
  /** The last store request they made (kept to 5 minutes). */
  lastActiveAt: string | null;
}

export interface StoredInvitation {
  _id: string;
  storeId: string;
  email: string;
  role: Role;
  /** The user who sent it. */
  invitedBy: string;
  /** The last segment of the mailed link (the server keeps only its hash; the mock keeps it plain). */
  token: string;
  createdAt: string;
  expiresAt: string;
  state: 'open' | 'accepted' | 'revoked';
}

export interface StoredApiToken {
  _id: string;
  storeId: string;
  name: string;
  role: Role;
  /** The user who made it: the actor of what is done with it. */
  createdBy: string;
  /** The secret (`inv_…`), answered once at creation. */
  secret: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revoked: boolean;
}

/** Who created or changed an item: a user, possibly through one of the store's API tokens (its name). */
export interface StoredActor {
  userId: string;
  token: string | null;
}

export interface StoredResetToken {
  userId: string;
  expiresAt: number;
  used: boolean;
}

/** A mail the mock "sent". Tests and stories read `mockDb.outbox`; `npm run dev:mock` also logs it to the console. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  /**
   * Reset mails: the absolute reset link, `${mockDb.publicUrl}/resetpassword/<token>`. Invitation mails: the
   * invitation link, `${mockDb.publicUrl}/invitations/<token>`.
   */
  link?: string;
  /** Contact mails: the user's address, so support answers them directly. */
  replyTo?: string;
  /** Invoice mails: the file names attached (the PDF). */
  attachments?: string[];
  sentAt: string;
}

/** Where contact messages are mailed (the server's SUPPORT_EMAIL, whose default is the same). */
export const SUPPORT_EMAIL = 'support@localhost';

/** What a stored product or order keeps beside its answer: its store, its edit version and who did what. */
interface StoredItem {
  storeId: string;
  /** The `ETag`: "<version>", 1 at creation, +1 per update. */
  version: number;
  /** Null for items seeded without one (fixtures): answered as null. */
  creator: StoredActor | null;
  changer: StoredActor | null;
}

export type StoredProduct = Omit<Product, 'createdBy' | 'updatedBy'> & StoredItem;
export type StoredOrder = Omit<Order, 'createdBy' | 'updatedBy' | 'customer' | 'lines' | 'salesStatus' | 'total'> &
  StoredItem & {
    /** An order of several lines (issue 27; the server's order_lines); absent: an order as SPEC.md sends it. */
    orderLines?: StoredOrderLine[];
  };
/** A line of an order of lines, as the server's order_lines row keeps it (money in cents, discount in basis points). */
export interface StoredOrderLine {
  _id: string;
  productId: string | null;
  description: string;
  quantity: number;
  unitPriceCents: number;
  discountBp: number;
  taxRateId: string | null;
  shipped: number;
  returned: number;
  cancelled: number;
}
/** An order's shipment and return, as answered, with their store. */
export type StoredShipment = Shipment & { storeId: string };
export type StoredReturn = OrderReturn & { storeId: string };
/** A customer as kept: the answer's fields without their order figures (computed from the orders when answered). */
export type StoredCustomer = Omit<Customer, 'createdBy' | 'updatedBy' | 'orders'> & StoredItem;
/** A supplier as kept: the answer's fields without their product count (computed from the links when answered). */
export type StoredSupplier = Omit<Supplier, 'createdBy' | 'updatedBy' | 'products'> & StoredItem;
/** A product's link to one of its store's suppliers (the server's product_suppliers); names are read when answered. */
export interface StoredProductSupplier extends ProductSupplierFields {
  _id: string;
  storeId: string;
  productId: string;
  supplierId: string;
  createdAt: string;
  updatedAt: string;
  creator: StoredActor | null;
  changer: StoredActor | null;
}

/**
 * A change of a product or an order by `actor`: who changed it last, when, and its next version. The one place every
 * mock path (edits, corrections, orders moving stock, imports) marks a change, as the server's `changedBy` is.
 */
export function stampChange(item: StoredItem & { updatedAt: string }, actor: StoredActor, at = new Date().toISOString()): void {
  item.changer = actor;
  item.updatedAt = at;
  item.version += 1;
}

/**
 * An uploaded image, served at `/uploads/<name>`: a profile photo to the user who uploaded it, a product image also
 * to the members of its store whose session works on that store.
 */
export interface StoredUpload {
  /** The generated file name: `<uuid>.png` / `<uuid>.jpg` (the fixtures use `demo-*.png|jpg`). */
  name: string;
  /** The user who uploaded it. */
  ownerId: string;
  /** The store of the product it is the image of; null for a profile photo. */
  storeId: string | null;
  /** Decided by the bytes. */
  type: 'image/png' | 'image/jpeg';
  size: number;
  /** The bytes, base64 (JSON-friendly, so the dev:mock persistence keeps them); null for a fixture file, whose bytes are in FIXTURE_IMAGES. */
  bytes: string | null;
  createdAt: string;
}

/** A stock movement: one change of a product's quantity, with why (the server's ledger; handlers/stock.ts). */
export interface StoredMovement {
  /** A growing number, as text (the server's movement id): pages go by it. */
  _id: string;
  storeId: string;
  productId: string;
  change: number;
  quantityAfter: number;
  reason: MovementReason;
  actor: StoredActor | null;
  orderId: string | null;
  /** A receipt's movement (`received`): the receipt and what each unit cost, in cents (the server's 0032). */
  receiptId?: string | null;
  unitCostCents?: number | null;
  /** Corrections only (older persisted movements have none: undefined is null). */
  correctionReason?: CorrectionReason | null;
  note?: string | null;
  createdAt: string;
}

/** A line of a purchase order (the server's purchase_order_lines). */
export interface StoredPurchaseOrderLine {
  _id: string;
  /** The product stays named after it is deleted; answered as null then (the server sets it null). */
  productId: string;
  quantity: number;
  unitCostCents: number | null;
  received: number;
}

/** A purchase order of a store (the server's purchase_orders and its lines; handlers/purchase-orders.ts). */
export interface StoredPurchaseOrder {
  _id: string;
  storeId: string;
  number: number;
  supplierId: string;
  status: PurchaseOrderStatus;
  expectedDate: string | null;
  notes: string;
  orderedAt: string | null;
  lines: StoredPurchaseOrderLine[];
  createdAt: string;
  updatedAt: string;
  version: number;
  creator: StoredActor | null;
  changer: StoredActor | null;
}

/** A receipt of a purchase order: who, when, and each line's quantity at its unit cost. */
export interface StoredReceipt {
  _id: string;
  storeId: string;
  purchaseOrderId: string;
  lines: { lineId: string; quantity: number; unitCostCents: number }[];
  createdAt: string;
  actor: StoredActor | null;
}

/** A store's details for its documents once saved (the server's store_settings row); none: the contract's defaults. */
export interface StoredStoreSettings extends StoreSettingsFields {
  storeId: string;
  /** The upload (of the store) its documents print, and the file name it came with. */
  logoUpload: string | null;
  logoFileName: string | null;
  updatedAt: string | null;
  changer: StoredActor | null;
  version: number;
}

/** One tax rate of a store (the server's tax_rates row): at most one of a store is its default. */
export interface StoredTaxRate {
  _id: string;
  storeId: string;
  name: string;
  percent: number;
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
  creator: StoredActor | null;
  changer: StoredActor | null;
}

/** An invoice as the mock keeps it (the server's invoices, invoice_lines, credit_notes and payments rows). */
export interface StoredInvoice {
  _id: string;
  storeId: string;
  status: 'draft' | 'issued';
  number: string | null;
  customerId: string | null;
  customer: { name: string; email: string; address: string; taxId: string };
  issueDate: string | null;
  dueDate: string | null;
  currency: { symbol: string; decimals: number };
  pricesIncludeTax: boolean;
  lines: InvoiceLine[];
  lineTotals: LineTotals[];
  totals: { rates: RateTotals[]; netCents: number; taxCents: number; grossCents: number };
  notes: string;
  seller: Invoice['seller'];
  creditNotes: CreditNote[];
  /** What the credit notes took, per invoice line (the server's credit_note_lines). */
  credited: CreditedSoFar[];
  creditedCents: number;
  payments: Payment[];
  paidCents: number;
  mails: NonNullable<Invoice['mail']>[];
  /** The order it bills (0044) and, per line, the order line; null and absent by hand. */
  sourceOrderId?: string | null;
  orderLineIds?: (string | null)[];
  version: number;
  createdAt: string;
  updatedAt: string;
  creator: StoredActor | null;
  changer: StoredActor | null;
}

/** A store's category (the server's `categories`): its spelling, which its products carry, and its key. */
export interface StoredCategory {
  _id: string;
  storeId: string;
  name: string;
  key: string;
  createdAt: string;
  updatedAt: string;
}

export interface StoredContactMessage {
  _id: string;
  userId: string;
  subject: string;
  message: string;
  createdAt: string;
}

export interface MockDbState {
  users: StoredUser[];
  /** Session token (the `sid` cookie value) → session. */
  sessions: Record<string, StoredSession>;
  /** Reset token (the last segment of the reset link) → token state. */
  resetTokens: Record<string, StoredResetToken>;
  outbox: OutboxMail[];
  /** Every user's products and orders, in creation order (lists answer the user's own, newest first). */
  products: StoredProduct[];
  orders: StoredOrder[];
  /** Every store's customers, in creation order. */
  customers: StoredCustomer[];
  /** Every store's categories (each product's category is one of its store's, in its spelling). */
  categories: StoredCategory[];
  /** Every store's suppliers, in creation order; and every product's links to them. */
  suppliers: StoredSupplier[];
  productSuppliers: StoredProductSupplier[];
  /** Every store's purchase orders, in creation order, and their receipts. */
  purchaseOrders: StoredPurchaseOrder[];
  receipts: StoredReceipt[];
  uploads: StoredUpload[];
  contactMessages: StoredContactMessage[];
  stores: StoredStore[];
  memberships: StoredMembership[];
  invitations: StoredInvitation[];
  apiTokens: StoredApiToken[];
  /** Every product's stock movements, oldest first. */
  movements: StoredMovement[];
  /** Every order's shipments and returns, oldest first (handlers/sales-orders.ts). */
  shipments: StoredShipment[];
  orderReturns: StoredReturn[];
  /** The last document number taken per store and kind (`<storeId>/<kind>`), as the server's store_sequences. */
  sequences: Record<string, number>;
  /** Each store's saved settings (handlers/store-settings.ts), and every store's tax rates. */
  storeSettings: StoredStoreSettings[];
  taxRates: StoredTaxRate[];
  /** Every store's invoices with their credit notes and payments (handlers/invoices.ts), and each store's numbering. */
  invoices: StoredInvoice[];
  billingNumbering: Record<string, BillingNumbering>;
  /** The operator's contact details (the server's CONTACT_* settings): none configured by default, as on the server. */
  contactDetails: ContactDetails;
  /**
   * Mock-only: the session used by a request that carries no `sid` cookie at all. Set by the `signedIn()` story
   * helper so a screen is signed in without a browser cookie jar (node tests, first render in Storybook);
   * cleared by logout. `null` in the default state, so the default handlers behave exactly like the server.
   */
  defaultSession: string | null;
}

function emptyState(): MockDbState {
  return {
    users: [],
    sessions: {},
    resetTokens: {},
    outbox: [],
    products: [],
    orders: [],
    customers: [],
    categories: [],
    suppliers: [],
    productSuppliers: [],
    purchaseOrders: [],
    receipts: [],
    uploads: [],
    contactMessages: [],
    stores: [],
    memberships: [],
    invitations: [],
    apiTokens: [],
    movements: [],
    shipments: [],
    orderReturns: [],
    sequences: {},
    storeSettings: [],
    taxRates: [],
    invoices: [],
    billingNumbering: {},
    contactDetails: { ...NO_CONTACT_DETAILS },
    defaultSession: null,
  };
}

/** The live state. Handlers mutate it; tests and stories may read it (prefer the helpers below for writes). */
export const mockDb: MockDbState & { publicUrl: string } = {
  ...emptyState(),
  /** Base of the links in mails (the server's PUBLIC_URL). The page's origin in a browser. */
  publicUrl: typeof location !== 'undefined' ? location.origin : 'http://localhost:3000',
};

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called after every change a handler makes (used by the browser persistence of `npm run dev:mock`). */
export function onMockDbChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyMockDbChange(): void {
  for (const listener of listeners) listener();
}

/** Replace the whole state (used to restore a persisted db, possibly saved before stores existed). */
export function loadMockDbState(state: MockDbState): void {
  Object.assign(mockDb, emptyState(), state);
  migrateToStores();
}

/**
 * A db persisted by an older mock (before stores): every user gets a store of their own, which takes their products,
 * orders and product images, as the server's migration does.
 */
function migrateToStores(): void {
  type Legacy = { ownerId?: string; storeId?: string; creator?: StoredActor | null; changer?: StoredActor | null };
  for (const item of [...mockDb.products, ...mockDb.orders] as Legacy[]) {
    if (item.storeId === undefined && item.ownerId !== undefined) {
      item.storeId = storeIdForUser(item.ownerId);
      delete item.ownerId;
    }
    item.creator ??= null;
    item.changer ??= null;
  }
  for (const upload of mockDb.uploads) {
    if (upload.storeId !== undefined) continue;
    const product = mockDb.products.find(
      (p) => 'filePath' in p.image && p.image.filePath === `/uploads/${upload.name}`,
    );
    upload.storeId = product?.storeId ?? null;
  }
  for (const session of Object.values(mockDb.sessions)) session.activeStoreId ??= null;
  mockDb.customers ??= [];
  mockDb.storeSettings ??= [];
  mockDb.taxRates ??= [];
  mockDb.invoices ??= [];
  mockDb.billingNumbering ??= {};
  mockDb.categories ??= [];
  for (const store of mockDb.stores) tidyCategories(store._id);
  mockDb.suppliers ??= [];
  mockDb.productSuppliers ??= [];
  mockDb.purchaseOrders ??= [];
  mockDb.receipts ??= [];
  numberOrders();
}

/** A store's categories. */
export function categoriesOf(storeId: string): StoredCategory[] {
  return mockDb.categories.filter((category) => category.storeId === storeId);
}

/**
 * The category a product write names (the contract's resolveCategory, as the server's categories/resolve.ts): the
 * store's of the same key in its spelling, else a new one.
 */
export function resolveMockCategory(storeId: string, written: string, at = new Date().toISOString()): string {
  const known = categoriesOf(storeId);
  const category = resolveCategory(written, (key) => known.find((row) => row.key === key));
  if (category.created) mockDb.categories.push({ _id: newUuid(), storeId, name: category.name, key: category.key, createdAt: at, updatedAt: at });
  return category.name;
}

/**
 * Categories for products seeded without them (fixtures, stories, older persisted states), as the server's migration
 * 0029 makes them: one per key, the spelling most products have (the contract's preferredSpelling), which the
 * products of the other spellings take.
 */
function tidyCategories(storeId: string): void {
  const products = mockDb.products.filter((p) => p.storeId === storeId);
  const spellings = new Map<string, Map<string, number>>();
  for (const product of products) {
    const key = categoryKey(product.category);
    if (categoriesOf(storeId).some((category) => category.key === key)) continue;
    const counts = spellings.get(key) ?? new Map<string, number>();
    counts.set(product.category, (counts.get(product.category) ?? 0) + 1);
    spellings.set(key, counts);
  }
  const at = new Date().toISOString();
  for (const [key, counts] of spellings) {
    const name = preferredSpelling([...counts].map(([spelling, count]) => ({ name: spelling, products: count })));
    mockDb.categories.push({ _id: newUuid(), storeId, name, key, createdAt: at, updatedAt: at });
  }
  const names = new Map(categoriesOf(storeId).map((category) => [category.key, category.name]));
  for (const product of products) product.category = names.get(categoryKey(product.category)) ?? product.category;
}

const sequenceKey = (storeId: string, kind: DocumentKind) => `${storeId}/${kind}`;

/** The next number of `kind` in the store, as the server's store_sequences (db/sequences.ts). */
export function nextDocumentNumber(storeId: string, kind: DocumentKind): number {
  const key = sequenceKey(storeId, kind);
  mockDb.sequences[key] = (mockDb.sequences[key] ?? 0) + 1;
  return mockDb.sequences[key];
}

/**
 * Orders without a number (seeded from fixtures without one, or persisted before numbers) get the next of their
 * store, oldest first, as the server's migration numbered existing orders; each store's counter then goes past its
 * highest number.
 */
function numberOrders(): void {
  const byAge = [...mockDb.orders].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  for (const order of mockDb.orders)
    if (order.number !== undefined) {
      const key = sequenceKey(order.storeId, 'sales_order');
      mockDb.sequences[key] = Math.max(mockDb.sequences[key] ?? 0, order.number);
    }
  for (const order of byAge) order.number ??= nextDocumentNumber(order.storeId, 'sales_order');
}

export function snapshotMockDbState(): MockDbState {
  const { publicUrl: _publicUrl, ...state } = mockDb;
  return structuredClone(state);
}

export function randomToken(bytes = 16): string {
  const data = new Uint8Array(bytes);
  // getRandomValues, unlike randomUUID, also works on insecure origins (a LAN IP in dev:mock).
  globalThis.crypto.getRandomValues(data);
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A v4 UUID: user, store, product, order, upload, invitation and token ids, as the server makes them
 * (`idParamsSchema` accepts only UUIDs).
 * Built from getRandomValues, since `crypto.randomUUID` needs a secure origin.
 */
export function newUuid(): string {
  const data = new Uint8Array(16);
  globalThis.crypto.getRandomValues(data);
  data[6] = (data[6]! & 0x0f) | 0x40;
  data[8] = (data[8]! & 0x3f) | 0x80;
  const hex = Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A product (stored, or a fixture) as the API answers it: its image URL absolute, like the server's (urls.ts). */
export function answeredProduct(product: Product): Product {
  const answer = structuredClone(product);
  // Always answered, null for none, as the server does (fixtures made before the fields may lack them).
  answer.barcode ??= null;
  answer.mpn ??= null;
  // Null while not known; whoever may not see it gets it removed (the handlers' productSeenBy).
  answer.cost ??= null;
  if ('filePath' in answer.image) answer.image.filePath = publicUrlOf(answer.image.filePath, mockDb.publicUrl);
  return answer;
}

/** An actor as answered: the user's current name ("A former member" once their account is gone) and the token. */
export function toActor(actor: StoredActor | null): Actor | null {
  if (!actor) return null;
  return { name: findUserById(actor.userId)?.name ?? MESSAGES.formerMember, token: actor.token };
}

/** A product as a list answers it (no `createdBy` / `updatedBy`: those are on single-item answers only). */
export function toPublicProduct(stored: StoredProduct): Product {
  const { storeId: _storeId, version: _version, creator: _creator, changer: _changer, ...product } = stored;
  return answeredProduct(product);
}

/** A product as a single-item answer (GET, POST, PATCH of one) gives it: with who created and last changed it. */
export function toProductAnswer(stored: StoredProduct): Product {
  return { ...toPublicProduct(stored), createdBy: toActor(stored.creator), updatedBy: toActor(stored.changer) };
}

export function toPublicOrder(stored: StoredOrder): Order {
  const { storeId: _storeId, version: _version, creator: _creator, changer: _changer, customerId, orderLines: _lines, ...order } = stored;
  // Orders stored before statuses and stock (seeds, fixtures) are open and name no product, as the server migrates them.
  // A customer only when the order has one: without, it answers exactly as before (as the server).
  return { ...order, status: order.status ?? 'open', productId: order.productId ?? null, ...(customerId ? { customerId } : {}) };
}

/**
 * An order as a page of orders answers it (the orders list's, a customer's orders): an order of lines with its sales
 * status from its row and its lines (the contract's salesStatusOfRow), as the server (0046); others as toPublicOrder.
 */
export function toListedOrder(stored: StoredOrder): Order {
  const order = toPublicOrder(stored);
  const lines = stored.orderLines;
  return lines && lines.length > 0 ? { ...order, salesStatus: salesStatusOfRow(order.status ?? 'open', lines.some((line) => line.shipped > 0)) } : order;
}

/** The customer an order names, with their name now, for its single-item answers (absent without one). */
function orderCustomer(stored: StoredOrder): { customer?: OrderCustomer } {
  const customer = stored.customerId ? mockDb.customers.find((c) => c._id === stored.customerId) : undefined;
  return customer ? { customer: { _id: customer._id, name: customer.name } } : {};
}

export function toOrderAnswer(stored: StoredOrder): Order {
  return { ...toPublicOrder(stored), ...orderCustomer(stored), createdBy: toActor(stored.creator), updatedBy: toActor(stored.changer), ...orderLinesAnswer(stored) };
}

/** An order of lines answers its lines, sales status and total on its single-item answers (as the server); others nothing. */
function orderLinesAnswer(stored: StoredOrder): Pick<Order, 'lines' | 'salesStatus' | 'total'> {
  const lines = stored.orderLines;
  if (!lines || lines.length === 0) return {};
  return {
    lines: lines.map((line) => ({
      _id: line._id,
      productId: line.productId,
      description: line.description,
      quantity: line.quantity,
      unitPrice: fromCents(line.unitPriceCents),
      discountPercent: line.discountBp / 100,
      taxRateId: line.taxRateId,
      amount: fromCents(orderLineAmountCents({ quantity: line.quantity, unitPriceCents: line.unitPriceCents, discountPercent: line.discountBp / 100 })),
      shipped: line.shipped,
      returned: line.returned,
      cancelled: line.cancelled,
      outstanding: outstandingToShip(line),
    })),
    salesStatus: salesOrderStatus(lines),
    total: fromCents(toCents(stored.price) * stored.quantity),
  };
}

/** A customer as a list answers them: no figures, no who. */
export function toPublicCustomer(stored: StoredCustomer): Customer {
  const { storeId: _storeId, version: _version, creator: _creator, changer: _changer, ...customer } = stored;
  return customer;
}

/** A store's customers, newest first. */
export function customersOf(storeId: string): StoredCustomer[] {
  return newestFirst(mockDb.customers.filter((c) => c.storeId === storeId));
}

/** Replace the customers of `userId`'s store with `list`, each at version 1 (the demo's, or a story's). */
export function seedCustomers(list: readonly Customer[], userId: string = demoUser._id): Customer[] {
  const storeId = storeIdForUser(userId);
  mockDb.customers = mockDb.customers.filter((c) => c.storeId !== storeId);
  for (const customer of list) {
    const { createdBy, updatedBy, orders: _orders, ...fields } = structuredClone(customer);
    mockDb.customers.push({ ...fields, storeId, version: 1, creator: seededActor(createdBy), changer: seededActor(updatedBy) });
  }
  notifyMockDbChange();
  return customersOf(storeId).map(toPublicCustomer);
}

/** A supplier as a list answers them: no count, no who. */
export function toPublicSupplier(stored: StoredSupplier): Supplier {
  const { storeId: _storeId, version: _version, creator: _creator, changer: _changer, ...supplier } = stored;
  return supplier;
}

/** A store's suppliers, newest first. */
export function suppliersOf(storeId: string): StoredSupplier[] {
  return newestFirst(mockDb.suppliers.filter((s) => s.storeId === storeId));
}

/** A link as both of its lists answer it: with its product's and supplier's names now (as the server's join). */
export function toProductSupplier(link: StoredProductSupplier): ProductSupplier {
  const product = mockDb.products.find((p) => p._id === link.productId)!;
  const supplier = mockDb.suppliers.find((s) => s._id === link.supplierId)!;
  return {
    product: { _id: product._id, name: product.name, sku: product.sku },
    supplier: { _id: supplier._id, name: supplier.name, archivedAt: supplier.archivedAt },
    partNumber: link.partNumber,
    packSize: link.packSize,
    lastCost: link.lastCost,
    preferred: link.preferred,
    createdAt: link.createdAt,
    updatedAt: link.updatedAt,
  };
}

/**
 * Replace the suppliers of `userId`'s store with `list` (the demo's, or a story's), and give products suppliers:
 * `links` by product and supplier name, the first of a product preferred unless it says otherwise.
 */
export function seedSuppliers(
  list: readonly Supplier[],
  links: readonly { product: string; supplier: string; partNumber?: string; packSize?: number; lastCost?: number | null; preferred?: boolean }[] = [],
  userId: string = demoUser._id,
): Supplier[] {
  const storeId = storeIdForUser(userId);
  mockDb.suppliers = mockDb.suppliers.filter((s) => s.storeId !== storeId);
  mockDb.productSuppliers = mockDb.productSuppliers.filter((l) => l.storeId !== storeId);
  for (const supplier of list) {
    const { createdBy, updatedBy, products: _products, ...fields } = structuredClone(supplier);
    mockDb.suppliers.push({ ...fields, storeId, version: 1, creator: seededActor(createdBy), changer: seededActor(updatedBy) });
  }
  for (const link of links) {
    const product = mockDb.products.find((p) => p.storeId === storeId && p.name === link.product);
    const supplier = mockDb.suppliers.find((s) => s.storeId === storeId && s.name === link.supplier);
    if (!product || !supplier) throw new Error(`seedSuppliers: no ${product ? 'supplier' : 'product'} named ${product ? link.supplier : link.product}`);
    const first = !mockDb.productSuppliers.some((l) => l.productId === product._id);
    mockDb.productSuppliers.push({
      _id: newUuid(),
      storeId,
      productId: product._id,
      supplierId: supplier._id,
      partNumber: link.partNumber ?? '',
      packSize: link.packSize ?? 1,
      lastCost: link.lastCost ?? null,
      preferred: link.preferred ?? first,
      createdAt: supplier.createdAt,
      updatedAt: supplier.updatedAt,
      creator: null,
      changer: null,
    });
  }
  notifyMockDbChange();
  return suppliersOf(storeId).map(toPublicSupplier);
}

/** Newest first (by createdAt; the later-made first on a tie), like the server's lists. */
function newestFirst<T extends { createdAt: string }>(items: T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.createdAt.localeCompare(a.item.createdAt) || b.index - a.index)
    .map(({ item }) => item);
}

/** A store's products, newest first. */
export function productsOf(storeId: string): StoredProduct[] {
  return newestFirst(mockDb.products.filter((p) => p.storeId === storeId));
}

export function ordersOf(storeId: string): StoredOrder[] {
  return newestFirst(mockDb.orders.filter((o) => o.storeId === storeId));
}

/** The upload a `/uploads/<name>` path or a bare name refers to, if any. */
export function findUpload(pathOrName: string): StoredUpload | undefined {
  const name = pathOrName.startsWith('/uploads/') ? pathOrName.slice('/uploads/'.length) : pathOrName;
  return mockDb.uploads.find((u) => u.name === name);
}

/**
 * Removes an upload (its product was deleted or got a new image). Kept while something else still points at it,
 * which only fixtures do (stories may give several products the same fixture image).
 */
export function deleteUpload(pathOrName: string): void {
  const upload = findUpload(pathOrName);
  if (!upload) return;
  const path = `/uploads/${upload.name}`;
  const users = mockDb.products.filter((p) => 'filePath' in p.image && p.image.filePath === path).length;
  if (users > 0 || mockDb.users.some((u) => u.photo === path)) return;
  mockDb.uploads = mockDb.uploads.filter((u) => u !== upload);
}

/** Fixture uploads (the files of mocks/public/uploads) registered for `ownerId`; re-owned if already there. */
export function seedFixtureUploads(ownerId: string, names: readonly string[] = Object.keys(FIXTURE_IMAGES)): void {
  for (const name of names) {
    const image = FIXTURE_IMAGES[name];
    if (!image) throw new Error(`No fixture image ${name} (see mocks/scripts/make-fixture-images.mjs)`);
    const existing = findUpload(name);
    if (existing) {
      existing.ownerId = ownerId;
      continue;
    }
    mockDb.uploads.push({
      name,
      ownerId,
      storeId: null,
      type: image.type,
      size: base64ByteLength(image.base64),
      bytes: null,
      createdAt: '2024-01-01T00:00:00.000Z',
    });
  }
}

/** The stored form of an actor an item was seeded with (`createdBy: { name, token }` names a seeded user). */
function seededActor(actor: Actor | null | undefined): StoredActor | null {
  if (!actor) return null;
  const user = mockDb.users.find((u) => u.name === actor.name);
  return user ? { userId: user._id, token: actor.token } : null;
}

/**
 * Replace the products of `userId`'s store (the one their session works on, else their first) with `list` (full
 * Product objects, e.g. fixtures or `manyProducts(n)`), each at version 1. `createdBy` / `updatedBy` naming a seeded
 * user are kept. Images pointing at a fixture upload become that store's, so they load for its members.
 */
export function seedProducts(list: readonly Product[], userId: string = demoUser._id): Product[] {
  return seedStoreProducts(list, storeIdForUser(userId));
}

/** Replace the products of the store `storeId` with `list` (see `seedProducts`). */
export function seedStoreProducts(list: readonly Product[], storeId: string): Product[] {
  mockDb.products = mockDb.products.filter((p) => p.storeId !== storeId);
  for (const product of list) {
    const { createdBy, updatedBy, ...fields } = structuredClone(product);
    const stored: StoredProduct = {
      ...fields,
      storeId,
      version: 1,
      creator: seededActor(createdBy),
      changer: seededActor(updatedBy),
    };
    mockDb.products.push(stored);
    if ('filePath' in product.image) {
      const upload = findUpload(product.image.filePath);
      if (upload) upload.storeId = storeId;
    }
  }
  mockDb.categories = mockDb.categories.filter((category) => category.storeId !== storeId);
  tidyCategories(storeId);
  notifyMockDbChange();
  return productsOf(storeId).map(toPublicProduct);
}

/** Replace the orders of `userId`'s store with `list`, each at version 1. */
export function seedOrders(list: readonly Order[], userId: string = demoUser._id): Order[] {
  return seedStoreOrders(list, storeIdForUser(userId));
}

export function seedStoreOrders(list: readonly Order[], storeId: string): Order[] {
  mockDb.orders = mockDb.orders.filter((o) => o.storeId !== storeId);
  delete mockDb.sequences[sequenceKey(storeId, 'sales_order')];
  for (const order of list) {
    const { createdBy, updatedBy, ...fields } = structuredClone(order);
    mockDb.orders.push({
      ...fields,
      storeId,
      version: 1,
      creator: seededActor(createdBy),
      changer: seededActor(updatedBy),
    });
  }
  numberOrders();
  notifyMockDbChange();
  return ordersOf(storeId).map(toPublicOrder);
}

/** A user as answered: the photo absolute, the default avatar when none is set (urls.ts). */
export function toPublicUser({ password: _password, lastStoreId: _lastStoreId, ...user }: StoredUser): User {
  return { ...user, photo: publicPhoto(user.photo, mockDb.publicUrl) };
}

export function findUserByEmail(email: string): StoredUser | undefined {
  const wanted = email.trim().toLowerCase();
  return mockDb.users.find((u) => u.email === wanted);
}

export function findUserById(id: string): StoredUser | undefined {
  return mockDb.users.find((u) => u._id === id);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/* ------------------------------------------------------------------ stores and memberships */

/** A store's name for a new user: "<name>'s store" (as short as the limit needs). */
export function personalStoreName(userName: string): string {
  return `${userName.slice(0, 80)}'s store`;
}

export function findStore(storeId: string | null | undefined): StoredStore | undefined {
  return storeId ? mockDb.stores.find((s) => s._id === storeId) : undefined;
}

export function membershipOf(storeId: string | null | undefined, userId: string): StoredMembership | undefined {
  return storeId ? mockDb.memberships.find((m) => m.storeId === storeId && m.userId === userId) : undefined;
}

/** The user's memberships, oldest first. */
export function membershipsOfUser(userId: string): StoredMembership[] {
  return mockDb.memberships.filter((m) => m.userId === userId && findStore(m.storeId));
}

/** A store's members, owners first (then by role, then by when they joined). */
export function membersOfStore(storeId: string): StoredMembership[] {
  return mockDb.memberships
    .filter((m) => m.storeId === storeId && findUserById(m.userId))
    .sort((a, b) => ROLE_RANK[b.role] - ROLE_RANK[a.role] || a.joinedAt.localeCompare(b.joinedAt));
}

/** Adds (or re-roles) a member. */
export function addMember(
  storeId: string,
  userId: string,
  role: Role,
  joinedAt = new Date().toISOString(),
): StoredMembership {
  const existing = membershipOf(storeId, userId);
  if (existing) {
    existing.role = role;
    return existing;
  }
  const membership: StoredMembership = { storeId, userId, role, joinedAt, lastActiveAt: null };
  mockDb.memberships.push(membership);
  return membership;
}

/** A new store with `ownerId` as its owner. */
export function createStore(
  name: string,
  ownerId: string,
  _id: string = newUuid(),
  createdAt = new Date().toISOString(),
): StoredStore {
  const store: StoredStore = { _id, name, createdAt };
  mockDb.stores.push(store);
  addMember(store._id, ownerId, 'owner', createdAt);
  return store;
}

/** Deletes a store with everything it owns. */
export function deleteStore(storeId: string): void {
  const imagePaths = mockDb.products
    .filter((p) => p.storeId === storeId && 'filePath' in p.image)
    .map((p) => ('filePath' in p.image ? p.image.filePath : ''));
  mockDb.stores = mockDb.stores.filter((s) => s._id !== storeId);
  mockDb.memberships = mockDb.memberships.filter((m) => m.storeId !== storeId);
  mockDb.products = mockDb.products.filter((p) => p.storeId !== storeId);
  mockDb.orders = mockDb.orders.filter((o) => o.storeId !== storeId);
  mockDb.customers = mockDb.customers.filter((c) => c.storeId !== storeId);
  mockDb.storeSettings = mockDb.storeSettings.filter((settings) => settings.storeId !== storeId);
  mockDb.taxRates = mockDb.taxRates.filter((rate) => rate.storeId !== storeId);
  mockDb.invoices = mockDb.invoices.filter((invoice) => invoice.storeId !== storeId);
  delete mockDb.billingNumbering[storeId];
  mockDb.categories = mockDb.categories.filter((c) => c.storeId !== storeId);
  mockDb.suppliers = mockDb.suppliers.filter((s) => s.storeId !== storeId);
  mockDb.productSuppliers = mockDb.productSuppliers.filter((l) => l.storeId !== storeId);
  mockDb.invitations = mockDb.invitations.filter((i) => i.storeId !== storeId);
  mockDb.apiTokens = mockDb.apiTokens.filter((t) => t.storeId !== storeId);
  for (const path of imagePaths) deleteUpload(path);
  // Uploads of the store no product points at any more (fixture files stay: other stores' fixtures may use them).
  mockDb.uploads = mockDb.uploads.filter((u) => u.storeId !== storeId || u.bytes === null);
}

/**
 * The store a user works on when nothing else says: the one they last used if they are still a member, else their
 * first; a user with none gets a new store of their own (as a user whose last store went away does on the server).
 */
export function defaultStoreOf(userId: string): string {
  const user = findUserById(userId);
  if (user?.lastStoreId && membershipOf(user.lastStoreId, userId)) return user.lastStoreId;
  const first = membershipsOfUser(userId)[0];
  if (first) return first.storeId;
  const store = createStore(personalStoreName(user?.name ?? 'My'), userId);
  if (user) user.lastStoreId = store._id;
  return store._id;
}

/** The store seeding helpers fill for `userId`: the one the story's session works on, else their default store. */
export function storeIdForUser(userId: string): string {
  const session = mockDb.defaultSession ? mockDb.sessions[mockDb.defaultSession] : undefined;
  if (session && session.userId === userId && membershipOf(session.activeStoreId, userId))
    return session.activeStoreId!;
  return defaultStoreOf(userId);
}

/** Points a session at a store (and remembers it as the user's last). */
export function setActiveStore(token: string, storeId: string): void {
  const session = mockDb.sessions[token];
  if (!session) return;
  session.activeStoreId = storeId;
  const user = findUserById(session.userId);
  if (user) user.lastStoreId = storeId;
}

export function createSession(userId: string): string {
  const token = randomToken(32);
  mockDb.sessions[token] = {
    userId,
    expiresAt: Date.now() + SESSION_TTL_DAYS * DAY_MS,
    activeStoreId: defaultStoreOf(userId),
  };
  return token;
}

/** The user of a live session, refreshing its sliding expiry; undefined for unknown or expired tokens. */
export function userForSession(token: string | undefined): StoredUser | undefined {
  if (!token) return undefined;
  const session = mockDb.sessions[token];
  if (!session) return undefined;
  if (session.expiresAt <= Date.now()) {
    delete mockDb.sessions[token];
    return undefined;
  }
  const user = findUserById(session.userId);
  if (!user) return undefined;
  session.expiresAt = Date.now() + SESSION_TTL_DAYS * DAY_MS;
  return user;
}

export function deleteSession(token: string | undefined): void {
  if (token) delete mockDb.sessions[token];
  if (token && mockDb.defaultSession === token) mockDb.defaultSession = null;
}

/** Ends every session of a user except `keep` (password change keeps the current one; reset keeps none). */
export function endSessionsOf(userId: string, keep?: string): void {
  for (const [token, session] of Object.entries(mockDb.sessions)) {
    if (session.userId === userId && token !== keep) delete mockDb.sessions[token];
  }
}

export function createResetToken(userId: string): string {
  const token = randomToken(32);
  mockDb.resetTokens[token] = { userId, expiresAt: Date.now() + RESET_TOKEN_TTL_MINUTES * 60 * 1000, used: false };
  return token;
}

/** Marks the token used and returns its user, or undefined when unknown, used or expired. */
export function consumeResetToken(token: string): StoredUser | undefined {
  const entry = mockDb.resetTokens[token];
  if (!entry || entry.used || entry.expiresAt <= Date.now()) return undefined;
  const user = findUserById(entry.userId);
  if (!user) return undefined;
  entry.used = true;
  return user;
}

export type { SeedUserInput };

export interface SeedUserOptions {
  /** Also open a session for the user and return its token (the `sid` cookie value). */
  session?: boolean;
}

/**
 * Add a user (or replace the one with that email). Returns the public user, and a session token when asked.
 */
export function seedUser(input: SeedUserInput, options: { session: true }): { user: User; token: string };
export function seedUser(input: SeedUserInput, options?: SeedUserOptions): { user: User; token?: string };
export function seedUser(input: SeedUserInput, options: SeedUserOptions = {}): { user: User; token?: string } {
  const email = input.email.trim().toLowerCase();
  const previous = mockDb.users.find((u) => u.email === email);
  mockDb.users = mockDb.users.filter((u) => u.email !== email);
  const stored: StoredUser = {
    _id: input._id ?? newUuid(),
    name: input.name,
    email,
    phone: input.phone ?? '',
    bio: input.bio ?? '',
    photo: input.photo ?? '',
    password: input.password,
    lastStoreId: previous?._id === input._id ? (previous?.lastStoreId ?? null) : null,
  };
  mockDb.users.push(stored);
  // Like registering: a user belongs to at least one store, their own.
  if (membershipsOfUser(stored._id).length === 0) {
    const store = createStore(input.store?.name ?? personalStoreName(stored.name), stored._id, input.store?._id);
    stored.lastStoreId = store._id;
  }
  const token = options.session ? createSession(stored._id) : undefined;
  notifyMockDbChange();
  return token ? { user: toPublicUser(stored), token } : { user: toPublicUser(stored) };
}

export interface ResetMockDbOptions {
  /** Seed the fixtures' demo user (Jane Doe, jane@example.com / secret123). Default true. */
  seed?: boolean;
  /**
   * Also give the demo user the fixture catalogue, `demoProducts` and `demoOrders`. Default true; no effect without
   * `seed`. (The fixture uploads, avatar included, are the demo user's either way.)
   */
  catalogue?: boolean;
}

/** Back to the default state: empty collections, plus the demo user and their catalogue (unless told otherwise). */
export function resetMockDb(options: ResetMockDbOptions = {}): void {
  Object.assign(mockDb, emptyState());
  const seed = options.seed !== false;
  if (seed) {
    seedUser(demoUser);
    // The avatar and the product images: the demo user's own uploads (so saving the profile unchanged passes).
    seedFixtureUploads(demoUser._id);
  }
  if (seed && (options.catalogue ?? true)) {
    seedProducts(demoProducts, demoUser._id);
    seedOrders(demoOrders, demoUser._id);
    seedCustomers(demoCustomers, demoUser._id);
    seedSuppliers(demoSuppliers, demoSupplierLinks, demoUser._id);
  }
  notifyMockDbChange();
}

resetMockDb();
