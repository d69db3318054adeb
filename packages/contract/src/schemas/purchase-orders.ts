import { z } from 'zod';
import { MAX_PRICE, MAX_QUANTITY } from '../constants';
import { LIST_PAGE_SIZE } from '../lists';
import { MESSAGES } from '../messages';
import { PURCHASE_MESSAGES } from '../purchase-messages';
import {
  firstPurchaseOrderLinesError,
  MAX_PURCHASE_ORDER_LINES,
  PURCHASE_ORDER_NOTES_MAX,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderLineInput,
  readPurchaseOrderLine,
  validatePurchaseOrderLines,
} from '../purchase-orders';
import { SALES_MESSAGES } from '../sales-messages';
import { commonQuery, cursorOfSort, oneDirection, pageFields } from './lists';
import { queryText } from './query-text';
import { actorSchema } from './responses';

/**
 * The purchase-order calls' requests and answers (docs/decisions/0042-purchase-orders-and-receiving.md); the rules they
 * run are the contract's purchase-orders.ts, receiving.ts and reorder-suggestion.ts (0039).
 */

/** Notes of a purchase order: lines of text, at most this many characters. */

const expectedDate = z
  .string({ error: PURCHASE_MESSAGES.expectedDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, PURCHASE_MESSAGES.expectedDateInvalid)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), PURCHASE_MESSAGES.expectedDateInvalid)
  .nullable()
  .describe('When the goods are expected, YYYY-MM-DD; null for not known');
const notes = z
  .string({ error: PURCHASE_MESSAGES.notesTooLong(PURCHASE_ORDER_NOTES_MAX) })
  .max(PURCHASE_ORDER_NOTES_MAX, PURCHASE_MESSAGES.notesTooLong(PURCHASE_ORDER_NOTES_MAX))
  .describe(`At most ${PURCHASE_ORDER_NOTES_MAX} characters; '' for none`);
const supplierId = z.uuid({ error: PURCHASE_MESSAGES.supplierRequired }).describe("One of the store's suppliers who is not archived");
const lines = z
  .array(z.unknown(), { error: PURCHASE_MESSAGES.lineInvalid })
  .describe(`1 to ${MAX_PURCHASE_ORDER_LINES} lines \`{productId, quantity, unitCost}\`, each product once; \`unitCost\` units with at most 2 decimals, null while not known (drafts only)`);

/** The lines as the contract's rule checks them (purchase-orders.ts), its first message answered. */
function linesRule(body: { lines?: unknown }, ctx: z.RefinementCtx) {
  if (body.lines === undefined) return;
  const message = firstPurchaseOrderLinesError(validatePurchaseOrderLines(body.lines));
  if (message) ctx.addIssue({ code: 'custom', message });
}
const readLines = (value: unknown[]) => value.map((line) => readPurchaseOrderLine(line as PurchaseOrderLineInput));

/** POST /api/purchase-orders: a draft for a supplier, with its lines. */
export const purchaseOrderCreateSchema = z
  .strictObject({ supplierId, expectedDate: expectedDate.optional(), notes: notes.optional(), lines })
  .superRefine(linesRule)
  .transform((body) => ({ supplierId: body.supplierId, expectedDate: body.expectedDate ?? null, notes: (body.notes ?? '').trim(), lines: readLines(body.lines) }));

/** Read-only fields a purchase order answers: accepted when sent back on an edit, and ignored. */
const ECHOED = ['_id', 'number', 'reference', 'status', 'supplier', 'orderedAt', 'total', 'lineCount', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const;

/** PATCH /api/purchase-orders/{id} (a draft only): the fields sent change; `lines`, when sent, are the whole new list. */
export const purchaseOrderUpdateSchema = z
  .strictObject({
    supplierId: supplierId.optional(),
    expectedDate: expectedDate.optional(),
    notes: notes.optional(),
    lines: lines.optional(),
    ...(Object.fromEntries(ECHOED.map((key) => [key, z.unknown().optional()])) as Record<(typeof ECHOED)[number], z.ZodOptional<z.ZodUnknown>>),
  })
  .superRefine(linesRule)
  .transform((body) => ({
    ...(body.supplierId === undefined ? {} : { supplierId: body.supplierId }),
    ...(body.expectedDate === undefined ? {} : { expectedDate: body.expectedDate }),
    ...(body.notes === undefined ? {} : { notes: body.notes.trim() }),
    ...(body.lines === undefined ? {} : { lines: readLines(body.lines) }),
  }));

/** POST /api/purchase-orders/{id}/status: the status a person moves it to (PURCHASE_ORDER_TRANSITIONS). */
export const purchaseOrderStatusSchema = z.strictObject({
  status: z.enum(['ordered', 'cancelled'], { error: PURCHASE_MESSAGES.statusInvalid }).describe('ordered: sent to the supplier; cancelled: no longer on order'),
});

/** POST /api/purchase-orders/{id}/receipts: what arrived, line by line (checkReceipt decides the rest). */
export const receiptCreateSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        lineId: z.string({ error: SALES_MESSAGES.requestLinesInvalid }),
        quantity: z.number({ error: SALES_MESSAGES.requestQuantityInvalid }),
        unitCost: z.union([z.number(), z.string(), z.null()]).optional().describe("Units with at most 2 decimals, when it differs from the line's"),
      }),
      { error: SALES_MESSAGES.requestLinesInvalid },
    )
    .describe(`At most ${MAX_PURCHASE_ORDER_LINES} entries; a line named twice counts the sum; zeros are left out`),
});

/** POST /api/purchase-orders/suggestions: "Order these", the products chosen, or all that are low counting what is on order. */
export const reorderSuggestionRequestSchema = z
  .strictObject({
    productIds: z.array(z.uuid({ error: PURCHASE_MESSAGES.suggestionProductsInvalid }), { error: PURCHASE_MESSAGES.suggestionProductsInvalid }).max(10_000, PURCHASE_MESSAGES.suggestionProductsInvalid).optional(),
    all: z.literal(true, { error: PURCHASE_MESSAGES.suggestionProductsInvalid }).optional().describe('Every product at or below its reorder point counting what is on order'),
  })
  .refine((body) => (body.productIds === undefined) !== (body.all === undefined), PURCHASE_MESSAGES.suggestionProductsInvalid);

/** GET /api/purchase-orders: newest first, filtered by status and supplier, searched by number ("PO-00045", "po 45"). */
export const purchaseOrderListQuerySchema = z
  .strictObject({
    limit: commonQuery.limit.default(LIST_PAGE_SIZE),
    after: commonQuery.after,
    before: commonQuery.before,
    skip: commonQuery.skip,
    q: queryText('Search').max(40, MESSAGES.invalidListQuery).transform((value) => value.trim()).optional().describe("Search: a purchase order's number, or its supplier's name contains it"),
    status: z.enum(PURCHASE_ORDER_STATUSES, { error: MESSAGES.invalidListQuery }).optional().describe('Only orders of this status'),
    supplierId: z.uuid({ error: MESSAGES.invalidListQuery }).optional().describe("Only this supplier's orders"),
  })
  .refine(oneDirection, MESSAGES.invalidListQuery)
  .refine((query) => cursorOfSort({ ...query, sort: 'createdAt' }), MESSAGES.invalidCursor);

/** GET /api/purchase-orders/reorder: every product at or below its reorder point counting what is on order. */
export const reorderListQuerySchema = z.strictObject({
  limit: commonQuery.limit.default(100),
  skip: commonQuery.skip,
});

export type PurchaseOrderCreateBody = z.infer<typeof purchaseOrderCreateSchema>;
export type PurchaseOrderUpdateBody = z.infer<typeof purchaseOrderUpdateSchema>;
export type PurchaseOrderStatusBody = z.infer<typeof purchaseOrderStatusSchema>;
export type ReceiptCreateBody = z.infer<typeof receiptCreateSchema>;
export type ReorderSuggestionRequest = z.infer<typeof reorderSuggestionRequestSchema>;
export type PurchaseOrderListQuery = z.infer<typeof purchaseOrderListQuerySchema>;
export type ReorderListQuery = z.infer<typeof reorderListQuerySchema>;

/* Answers */

const money = z.number().min(0).max(MAX_PRICE);
const productRef = z
  .object({ _id: z.uuid(), name: z.string(), sku: z.string() })
  .nullable()
  .describe('The product (its name and SKU now); null once it was deleted');

export const purchaseOrderLineSchema = z.object({
  _id: z.uuid(),
  product: productRef,
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
  unitCost: money.nullable().optional().describe('Per unit, to the cent; null while not known (drafts only); absent to roles without cost:read (0047)'),
  received: z.number().int().min(0).max(MAX_QUANTITY),
  outstanding: z.number().int().min(0).max(MAX_QUANTITY).describe('Ordered − received'),
});

export const purchaseOrderResponseSchema = z
  .object({
    _id: z.uuid(),
    number: z.number().int().min(1),
    reference: z.string().describe('The number as people read it: "PO-00045"'),
    supplier: z.object({ _id: z.uuid(), name: z.string(), email: z.string() }),
    status: z.enum(PURCHASE_ORDER_STATUSES),
    expectedDate: z.string().nullable(),
    notes: z.string(),
    orderedAt: z.iso.datetime().nullable().describe('When it was sent (ordered); null while a draft'),
    lineCount: z.number().int().min(0),
    total: z.number().min(0).nullable().optional().describe('Σ quantity × unit cost; null while a line has no unit cost; absent to roles without cost:read (0047)'),
    lines: z.array(purchaseOrderLineSchema).optional().describe('Single-item answers only'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    createdBy: actorSchema.nullable().optional(),
    updatedBy: actorSchema.nullable().optional(),
  })
  .meta({
    examples: [
      {
        _id: '5b0e2a4c-1d3f-4e5a-8b6c-7d8e9f0a1b2c',
        number: 45,
        reference: 'PO-00045',
        supplier: { _id: '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b', name: 'Northwind Distribution', email: 'orders@northwind.example' },
        status: 'ordered',
        expectedDate: '2024-03-08',
        notes: '',
        orderedAt: '2024-03-01T10:05:00.000Z',
        lineCount: 1,
        total: 486,
        createdAt: '2024-03-01T10:00:00.000Z',
        updatedAt: '2024-03-01T10:05:00.000Z',
      },
    ],
  });
export type PurchaseOrder = z.infer<typeof purchaseOrderResponseSchema>;
export type PurchaseOrderLineAnswer = z.infer<typeof purchaseOrderLineSchema>;

export const purchaseOrderPageSchema = z.object({ items: z.array(purchaseOrderResponseSchema), ...pageFields });

export const receiptResponseSchema = z.object({
  _id: z.uuid(),
  purchaseOrderId: z.uuid(),
  lines: z.array(
    z.object({ lineId: z.uuid(), product: productRef, quantity: z.number().int().min(1), unitCost: money.optional().describe('Absent to roles without cost:read (0047)') }),
  ),
  createdAt: z.iso.datetime(),
  createdBy: actorSchema.nullable(),
});
export type Receipt = z.infer<typeof receiptResponseSchema>;

export const receiptListSchema = z.array(receiptResponseSchema).describe('Oldest first');

/** POST …/receipts: the receipt and the order as it is after it. */
export const receiptCreatedSchema = z.object({ receipt: receiptResponseSchema, purchaseOrder: purchaseOrderResponseSchema });
export type ReceiptCreated = z.infer<typeof receiptCreatedSchema>;

/** POST /api/purchase-orders/suggestions: the drafts made, and what was left out. */
export const reorderSuggestionAnswerSchema = z.object({
  created: z.array(purchaseOrderResponseSchema).describe('One draft per preferred supplier (more past 500 lines), by supplier name'),
  withoutSupplier: z.array(z.object({ productId: z.uuid(), name: z.string(), quantity: z.number().int().min(1) })).describe('Products to order that have no preferred supplier, with their shortfall'),
  nothingToOrder: z.array(z.uuid()).describe('Products chosen that need nothing (above their point counting what is on order)'),
});
export type ReorderSuggestionAnswer = z.infer<typeof reorderSuggestionAnswerSchema>;

/** What is on order of a product: outstanding on sent orders, and the earliest date one of them is expected. */
export const onOrderSchema = z.object({
  quantity: z.number().int().min(0),
  expectedDate: z.string().nullable().describe('The earliest expected date of the orders it is on; null when none says'),
});
export type OnOrder = z.infer<typeof onOrderSchema>;

export const reorderListSchema = z.object({
  items: z.array(
    z.object({
      product: z.object({ _id: z.uuid(), name: z.string(), sku: z.string() }),
      quantity: z.number().int(),
      reorderPoint: z.number().int().min(0),
      onOrder: onOrderSchema,
      shortfall: z.number().int().min(1).describe('What brings it above its point counting what is on order'),
    }),
  ),
  total: z.number().int().min(0),
});
export type ReorderList = z.infer<typeof reorderListSchema>;
