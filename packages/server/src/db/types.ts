import type { Generated } from 'kysely';

/** Table types for Kysely. Timestamps are ISO-8601 strings (text) so SQLite and PostgreSQL agree. */
export interface UsersTable {
  id: string;
  name: string;
  /** Stored lowercased; unique. */
  email: string;
  password_hash: string;
  phone: string;
  bio: string;
  photo: string;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** sha256 hex of the cookie token; the token itself is never stored. */
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  /** The active store; null until the first store-scoped request picks the most recently used one. */
  store_id: string | null;
}

export interface PasswordResetsTable {
  /** sha256 hex of the mailed token. */
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** Columns products and orders share. Prices are whole cents; `version` counts updates (the ETag). */
interface ItemColumns {
  id: string;
  /** Who created it (a member, or the member whose API token did). */
  user_id: string;
  /** The store it belongs to; null only between restoring a pre-stores backup and adopting its rows. */
  store_id: string | null;
  created_by_token: string | null;
  updated_by: string | null;
  updated_by_token: string | null;
  name: string;
  sku: string;
  category: string;
  price_cents: number;
  quantity: number;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ProductsTable extends ItemColumns {
  /** Low stock when the quantity is at or below it; null: no reorder point. */
  reorder_point: number | null;
  /** 1 while the product is at or below its reorder point and the alert for that crossing is made. */
  low_alerted: Generated<number>;
  /** Sanitized rich-text HTML. */
  description: string;
  /** Generated upload name (`<uuid>.<ext>`), or null when the product has no image. */
  image_name: string | null;
  /** The client's file name, display text only. */
  image_file_name: string | null;
  image_type: string | null;
  image_size: number | null;
  /** A GTIN (EAN-8, UPC-A, EAN-13, GTIN-14), unique in the store; null: none (migration 0018). */
  barcode: Generated<string | null>;
  /** Manufacturer part number; null: none. */
  mpn: Generated<string | null>;
  /** When a product with a history was deleted, which archived it; null while active (migration 0026). */
  archived_at: Generated<string | null>;
  /** The member who archived it. */
  archived_by: Generated<string | null>;
  /** Unit cost in cents, as `price_cents`; null: not known (migration 0024; contract `cost`, owners and managers only). */
  cost: Generated<number | null>;
}

export interface OrdersTable extends ItemColumns {
  /** open | fulfilled | cancelled (contract: ORDER_STATUSES). */
  status: Generated<string>;
  /** The catalogue product it takes stock from; null for a free-text order (as the original contract sends them). */
  product_id: Generated<string | null>;
  /** Per store, from `store_sequences` (kind 'sales_order'), taken in the writing transaction; contract: documentNumber. */
  number: number;
  /** The customer it was placed for; null: none (migration 0022). */
  customer_id: Generated<string | null>;
  /** How many `order_lines` it has; 0: an order as SPEC.md sends it, its one line mapped from this row (0031). */
  line_count: Generated<number>;
}

/** A line of an order of lines (db/migrations/0031_sales_order_lines.ts). */
export interface OrderLinesTable {
  id: string;
  order_id: string;
  store_id: string;
  /** 0, 1, 2…: the line's place on the order. */
  position: number;
  /** null: a line of free text, or its product was deleted. */
  product_id: string | null;
  description: string;
  quantity: number;
  unit_price_cents: number;
  /** Discount in basis points (12.5 % = 1250). */
  discount_bp: Generated<number>;
  tax_rate_id: string | null;
  shipped: Generated<number>;
  returned: Generated<number>;
  cancelled: Generated<number>;
}

export interface ShipmentsTable {
  id: string;
  order_id: string;
  store_id: string;
  /** YYYY-MM-DD. */
  shipped_on: string;
  carrier: Generated<string>;
  tracking_number: Generated<string>;
  user_id: string | null;
  created_by_token: string | null;
  created_at: string;
}

export interface ShipmentLinesTable {
  shipment_id: string;
  line_id: string;
  quantity: number;
}

export interface ReturnsTable {
  id: string;
  order_id: string;
  store_id: string;
  user_id: string | null;
  created_by_token: string | null;
  created_at: string;
}

export interface ReturnLinesTable {
  id: string;
  return_id: string;
  line_id: string;
  position: number;
  quantity: number;
  /** contract: RETURN_REASONS. */
  reason: string;
  /** 1: back to stock (an `order_returned` movement with this return's id). */
  restock: number;
}

/** A store's customer (db/migrations/0022_customers.ts): text fields are '' when empty. */
export interface CustomersTable {
  id: string;
  store_id: string;
  name: string;
  company: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  billing_address: Generated<string>;
  shipping_address: Generated<string>;
  tax_id: Generated<string>;
  notes: Generated<string>;
  /** When they were archived (deleted while orders named them); null while active. */
  archived_at: string | null;
  user_id: string;
  created_by_token: string | null;
  updated_by: string | null;
  updated_by_token: string | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A store's details for its documents, one row per store once saved (db/migrations/0028_store_documents_and_tax_rates.ts). */
export interface StoreSettingsTable {
  store_id: string;
  legal_name: Generated<string>;
  address: Generated<string>;
  tax_id: Generated<string>;
  /** The upload (kind `logo`) documents print; null for none. */
  logo_upload: string | null;
  /** The logo's file name as uploaded, display text only. */
  logo_file_name: string | null;
  payment_terms_days: Generated<number>;
  bank_details: Generated<string>;
  footer_text: Generated<string>;
  currency_symbol: Generated<string>;
  currency_decimals: Generated<number>;
  /** 0 or 1. */
  prices_include_tax: Generated<number>;
  updated_by: string | null;
  updated_by_token: string | null;
  updated_at: string | null;
  version: Generated<number>;
}

/** A store's tax rates (db/migrations/0028_store_documents_and_tax_rates.ts): at most one default per store. */
export interface TaxRatesTable {
  id: string;
  store_id: string;
  name: string;
  /** Millionths: 23 % = 230000. */
  rate_ppm: number;
  /** 0 or 1; a unique index keeps one default per store at most. */
  is_default: Generated<number>;
  user_id: string;
  created_by_token: string | null;
  updated_by: string | null;
  updated_by_token: string | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A store's active and archived customers, kept by triggers (db/migrations/0022_customers.ts). */
export interface CustomerCountsTable {
  store_id: string;
  active: number;
  archived: number;
}

/**
 * A store's category (db/migrations/0029_categories.ts): its spelling, which its products carry as their `category`,
 * and the contract's `categoryKey`, unique per store.
 */
export interface CategoriesTable {
  id: string;
  store_id: string;
  name: string;
  key: string;
  created_at: string;
  updated_at: string;
}

/** A store's supplier (db/migrations/0030_suppliers.ts): text fields are '' when empty. */
export interface SuppliersTable {
  id: string;
  store_id: string;
  name: string;
  contact: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  address: Generated<string>;
  /** Whole days from ordering to delivery; null when not known. */
  lead_time_days: number | null;
  notes: Generated<string>;
  /** When they were archived (deleted while products named them); null while active. */
  archived_at: string | null;
  user_id: string;
  created_by_token: string | null;
  updated_by: string | null;
  updated_by_token: string | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A store's active and archived suppliers, kept by triggers (db/migrations/0030_suppliers.ts). */
export interface SupplierCountsTable {
  store_id: string;
  active: number;
  archived: number;
}

/** A product's link to one of its store's suppliers (db/migrations/0030_suppliers.ts). */
export interface ProductSuppliersTable {
  id: string;
  store_id: string;
  product_id: string;
  supplier_id: string;
  part_number: Generated<string>;
  pack_size: Generated<number>;
  /** The last cost paid per unit, in cents; null when not known. */
  last_cost_cents: number | null;
  /** 1 for the product's preferred supplier (at most one per product, by a unique partial index), else 0. */
  preferred: Generated<number>;
  user_id: string;
  created_by_token: string | null;
  updated_by: string | null;
  updated_by_token: string | null;
  created_at: string;
  updated_at: string;
}

/** One change of one product's quantity (db/migrations/0007_stock.ts). */
/** Bill Reports' sales, summed per grain, dimension, period and key (migration 0035; reports/sales-figures.ts). */
export interface SalesFiguresTable {
  store_id: string;
  /** day | month */
  grain: string;
  /** product | customer | total */
  dim: string;
  /** YYYY-MM-DD or YYYY-MM. */
  period: string;
  /** The product's or customer's id; '' for none (free text, no customer) and for totals. */
  key: string;
  net_cents: Cents;
  tax_cents: Cents;
  gross_cents: Cents;
  units: Cents;
  cost_cents: Cents;
}

/** What an order's last write added to `sales_figures` (JSON, reports/sales-figures.ts). */
export interface OrderSalesTable {
  order_id: string;
  figures: string;
}

/** The change of a store's stock value on a day, kept by triggers on products (migration 0035). */
export interface StockValueDaysTable {
  store_id: string;
  day: string;
  cost_cents: Cents;
  price_cents: Cents;
}

export interface StockMovementsTable {
  id: Generated<number>;
  store_id: string;
  product_id: string;
  change: number;
  quantity_after: number;
  /** contract: MOVEMENT_REASONS. */
  reason: string;
  user_id: string | null;
  token_id: string | null;
  order_id: string | null;
  /** Corrections only (contract: CORRECTION_REASONS); null for every other reason. */
  correction_reason: string | null;
  /** What the member wrote with a correction; null when nothing. */
  note: string | null;
  /** The receipt of a `received` movement (0032); null for every other reason. */
  receipt_id: string | null;
  /** What each unit cost, in cents: a `received` movement's (0032), or the product's cost when an order's movement was made (0035); null otherwise or when unknown. */
  unit_cost_cents: number | null;
  created_at: string;
  /** The return whose part went back to stock (`order_returned`, migration 0031); null otherwise. */
  return_id: Generated<string | null>;
}

/** The last number taken of one kind of document in one store (db/sequences.ts). */
export interface StoreSequencesTable {
  store_id: string;
  /** contract: DOCUMENT_KINDS. */
  kind: string;
  last_value: number;
}

/** A reorder-point crossing waiting to be mailed. */
export interface StockAlertsTable {
  id: string;
  store_id: string;
  product_id: string;
  quantity: number;
  reorder_point: number;
  created_at: string;
  claimed_at: string | null;
  /** When its mail was written to the outbox (since 0023; before, when it was handed to the mailer). */
  sent_at: string | null;
}

/** A mail to send, sent, or given up on (mail/outbox.ts, docs/decisions/0036-mail-outbox.md). */
export interface MailOutboxTable {
  id: string;
  /** The store the mail is of; null for a person's own mail (a password reset, a contact message). */
  store_id: string | null;
  /** mail/outbox.ts: MailKind. */
  kind: string;
  /** The row the mail is about (an invitation, a user, a contact message), by kind. */
  about_id: string | null;
  /** One address or a comma-separated list. */
  to_address: string;
  reply_to: string | null;
  subject: string;
  /** Emptied ('' and null) once the mail is sent or has failed. */
  body_text: string;
  body_html: string | null;
  /** pending | sending | sent | failed (mail/outbox.ts: MailStatus). */
  status: string;
  /** Claims so far: each claim counts, a send that failed and a process that died while sending alike. */
  attempts: number;
  /** When a pending mail is due; for a claimed one, when its claim goes stale. */
  next_attempt_at: string;
  /** Past it the mail is not sent but fails (a reset link that no longer works). */
  expires_at: string | null;
  claimed_at: string | null;
  claimed_by: string | null;
  sent_at: string | null;
  /** The last failure, one short line without the mail's contents. */
  last_error: string | null;
  created_at: string;
}

/** The first answer given to an Idempotency-Key of a store. */
export interface IdempotencyKeysTable {
  store_id: string;
  key: string;
  /** sha256 of method, path and body: the same key with another request is refused. */
  fingerprint: string;
  status: number;
  body: string;
  etag: string | null;
  created_at: string;
}

/** A profile photo (POST /api/uploads) or a product's image. */
/** A profile photo, a product's image, or a store's logo (0038). */
export type UploadKind = 'photo' | 'product' | 'logo';

export interface UploadsTable {
  /** Generated `<uuid>.<ext>`; never a client-supplied name. */
  name: string;
  user_id: string;
  kind: UploadKind;
  /** The store a product image or a logo belongs to (its members may load it); null for profile photos. */
  store_id: string | null;
  content_type: string;
  size: number;
  created_at: string;
  /** The bytes, on PostgreSQL only (the column does not exist on SQLite, where they are files). */
  data?: Buffer | null;
}

/** Per store, counters the products and orders triggers move on every write (db/migrations/0005_stores.ts). */
export interface StoreVersionsTable {
  store_id: string;
  epoch: string;
  products: number;
  orders: number;
}

/** The dashboard's figures and order counts per store, kept exact by triggers (db/migrations/0006_catalogue_at_scale.ts). */
export interface StoreStatsTable {
  store_id: string;
  products: number;
  /** A numeric on PostgreSQL (pg answers it as a string). */
  value_cents: number | string;
  out_of_stock: number;
  low_stock: number;
  orders: number;
  orders_open: number;
  orders_fulfilled: number;
  orders_cancelled: number;
  /** Archived products, which the figures above leave out (migration 0026). */
  archived_products: number;
}

/** How many products of a store are in each category (the category filter and the All Categories figure). */
export interface StoreCategoriesTable {
  store_id: string;
  category: string;
  products: number;
  /** Since migration 0008. */
  out_of_stock: Generated<number>;
  low_stock: Generated<number>;
}

export interface StoresTable {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface MembershipsTable {
  store_id: string;
  user_id: string;
  /** owner | manager | staff | viewer (contract: ROLES). */
  role: string;
  joined_at: string;
  last_active_at: string | null;
}

export interface InvitationsTable {
  id: string;
  store_id: string;
  /** Lowercased. */
  email: string;
  role: string;
  /** sha256 hex of the mailed token. */
  token_hash: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
}

export interface ApiTokensTable {
  id: string;
  store_id: string;
  name: string;
  role: string;
  /** sha256 hex of the secret. */
  token_hash: string;
  created_by: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface ContactMessagesTable {
  id: string;
  user_id: string;
  subject: string;
  message: string;
  created_at: string;
}

/** One fixed window of one rate-limit key (rate-limit/limiter.ts). */
export interface RateLimitsTable {
  /** `<rule>:<subject>`, e.g. `login-account:ada@example.com`. */
  key: string;
  /** ISO start of the window. */
  window_start: string;
  count: number;
  /** ISO end of the window: rows past it are pruned. */
  expires_at: string;
}

/** A purchase order of a store (db/migrations/0032_purchase_orders.ts). */
export interface PurchaseOrdersTable {
  id: string;
  store_id: string;
  /** From the store's `purchase_order` sequence (db/sequences.ts); unique per store. */
  number: number;
  supplier_id: string;
  /** contract: PURCHASE_ORDER_STATUSES. */
  status: string;
  /** YYYY-MM-DD; null when not known. */
  expected_date: string | null;
  notes: Generated<string>;
  /** When it was sent (ordered); null while a draft. */
  ordered_at: string | null;
  user_id: string;
  created_by_token: string | null;
  updated_by: string | null;
  updated_by_token: string | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A line of a purchase order. */
export interface PurchaseOrderLinesTable {
  id: string;
  store_id: string;
  purchase_order_id: string;
  /** Its place on the order, from 1. */
  position: number;
  /** Null once the product was deleted. */
  product_id: string | null;
  quantity: number;
  /** Null while not known (drafts only). */
  unit_cost_cents: number | null;
  received: Generated<number>;
}

/** One receipt of a purchase order: who received, when. */
export interface ReceiptsTable {
  id: string;
  store_id: string;
  purchase_order_id: string;
  user_id: string | null;
  token_id: string | null;
  created_at: string;
}

/** A part of a receipt: a line's quantity at its unit cost. */
export interface ReceiptLinesTable {
  id: string;
  store_id: string;
  receipt_id: string;
  line_id: string;
  position: number;
  quantity: number;
  unit_cost_cents: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  products: ProductsTable;
  orders: OrdersTable;
  uploads: UploadsTable;
  contact_messages: ContactMessagesTable;
  rate_limits: RateLimitsTable;
  store_versions: StoreVersionsTable;
  stores: StoresTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  api_tokens: ApiTokensTable;
  store_stats: StoreStatsTable;
  store_categories: StoreCategoriesTable;
  stock_movements: StockMovementsTable;
  sales_figures: SalesFiguresTable;
  order_sales: OrderSalesTable;
  stock_value_days: StockValueDaysTable;
  stock_alerts: StockAlertsTable;
  idempotency_keys: IdempotencyKeysTable;
  store_sequences: StoreSequencesTable;
  customers: CustomersTable;
  customer_counts: CustomerCountsTable;
  categories: CategoriesTable;
  suppliers: SuppliersTable;
  supplier_counts: SupplierCountsTable;
  product_suppliers: ProductSuppliersTable;
  mail_outbox: MailOutboxTable;
  store_settings: StoreSettingsTable;
  tax_rates: TaxRatesTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  credit_notes: CreditNotesTable;
  credit_note_lines: CreditNoteLinesTable;
  payments: PaymentsTable;
  billing_numbering: BillingNumberingTable;
  order_lines: OrderLinesTable;
  shipments: ShipmentsTable;
  shipment_lines: ShipmentLinesTable;
  returns: ReturnsTable;
  return_lines: ReturnLinesTable;
  purchase_orders: PurchaseOrdersTable;
  purchase_order_lines: PurchaseOrderLinesTable;
  receipts: ReceiptsTable;
  receipt_lines: ReceiptLinesTable;
}

/** Whole cents: a bigint column, answered as a string by pg (Number() it). */
type Cents = number | string;

interface DocumentAmounts {
  net_cents: Cents;
  tax_cents: Cents;
  gross_cents: Cents;
}

/** An invoice (db/migrations/0033_invoices.ts; docs/decisions/0043-invoices.md). */
export interface InvoicesTable extends DocumentAmounts {
  id: string;
  store_id: string;
  /** Null once the customer was deleted; `customer` keeps who it was for. */
  customer_id: string | null;
  /** JSON: {name, email, address, taxId} as written. */
  customer: string;
  /** draft | issued (contract: INVOICE_STATUSES). */
  status: string;
  /** Null until issued. */
  number: number | null;
  /** `invoice` or `invoice:<year>` (contract: billingSeries). */
  number_series: string | null;
  number_text: string | null;
  issue_date: string | null;
  due_date: string | null;
  currency_symbol: string;
  currency_decimals: number;
  prices_include_tax: number;
  /** JSON of the store's details at issue; null while a draft. */
  seller: string | null;
  notes: Generated<string>;
  /** JSON: the rates' breakdown of the totals. */
  totals: string;
  /** The order it was made from; null: by hand. */
  source_order_id: string | null;
  credited_cents: Generated<Cents>;
  paid_cents: Generated<Cents>;
  issued_at: string | null;
  user_id: string;
  created_by_token: string | null;
  created_at: string;
  updated_by: string | null;
  updated_by_token: string | null;
  updated_at: string;
  version: Generated<number>;
}

interface DocumentLineColumns extends DocumentAmounts {
  /** From 0, in the document's order. */
  position: number;
  product_id: string | null;
  description: string;
  quantity: number;
  unit_price_cents: Cents;
  /** Discount in basis points (12.5 % = 1250). */
  discount_bp: number;
  /** The rate as written (no foreign key: the rate may be deleted, the line keeps it); null: no tax. */
  tax_rate_id: string | null;
  tax_rate_name: string | null;
  tax_rate_ppm: number | null;
}

export interface InvoiceLinesTable extends DocumentLineColumns {
  invoice_id: string;
  /** The order line it bills (migration 0034); null: a line by hand. */
  order_line_id: string | null;
}

export interface CreditNotesTable extends DocumentAmounts {
  id: string;
  store_id: string;
  invoice_id: string;
  number: number;
  number_series: string;
  number_text: string;
  issue_date: string;
  reason: Generated<string>;
  totals: string;
  user_id: string;
  created_by_token: string | null;
  created_at: string;
}

export interface CreditNoteLinesTable extends DocumentLineColumns {
  credit_note_id: string;
  /** The invoice's line it credits, from 1. */
  invoice_line: number;
  amount_cents: Cents;
}

export interface PaymentsTable {
  id: string;
  store_id: string;
  invoice_id: string;
  amount_cents: Cents;
  /** YYYY-MM-DD. */
  date: string;
  /** contract: PAYMENT_METHODS. */
  method: string;
  reference: Generated<string>;
  user_id: string;
  created_by_token: string | null;
  created_at: string;
}

/** A store's invoice and credit note numbering; absent: the contract's DEFAULT_BILLING_NUMBERING. */
export interface BillingNumberingTable {
  store_id: string;
  invoice_prefix: string;
  credit_note_prefix: string;
  with_year: number;
}
