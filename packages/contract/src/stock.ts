import { z } from 'zod';
import { MAX_QUANTITY } from './constants';
import { MESSAGES } from './messages';
import { actorSchema } from './responses';

/**
 * Stock movements: every change of a product's quantity, with why. The reasons name the path that changed it; the
 * ledger of a product adds up to its quantity.
 */
export const MOVEMENT_REASONS = [
  'opening',
  'created',
  'edited',
  'order_placed',
  'order_changed',
  'order_cancelled',
  'order_reopened',
  'order_deleted',
  'import',
  'restore',
  'correction',
] as const;
export type MovementReason = (typeof MOVEMENT_REASONS)[number];

export const MOVEMENT_REASON_LABELS: Record<MovementReason, string> = {
  opening: 'Opening stock',
  created: 'Product added',
  edited: 'Quantity edited',
  order_placed: 'Order placed',
  order_changed: 'Order changed',
  order_cancelled: 'Order cancelled',
  order_reopened: 'Order reopened',
  order_deleted: 'Order deleted',
  import: 'Import',
  restore: 'Restore',
  correction: 'Stock correction',
};

export const movementResponseSchema = z.object({
  _id: z.string(),
  productId: z.uuid(),
  change: z.number().int().describe('Positive: stock came in; negative: it went out'),
  quantityAfter: z.number().int().min(0),
  reason: z.enum(MOVEMENT_REASONS),
  by: actorSchema.nullable().describe('Who made the change (a member, and the API token they used); null for the system'),
  orderId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type Movement = z.infer<typeof movementResponseSchema>;

export const movementPageSchema = z.object({
  items: z.array(movementResponseSchema).describe('Newest first'),
  next: z.string().nullable().describe('Send as `after` for older movements; null when there are none'),
});
export type MovementPage = z.infer<typeof movementPageSchema>;

export const movementQuerySchema = z.strictObject({
  limit: z.coerce.number({ error: MESSAGES.invalidListQuery }).int().min(1).max(100, MESSAGES.invalidListQuery).default(10),
  after: z.string().regex(/^\d{1,19}$/, MESSAGES.invalidCursor).optional().describe('`next` of the page before'),
});

/** POST /api/products/{id}/adjustments: a stock correction (a count, a breakage, goods found). */
export const stockAdjustmentSchema = z.strictObject({
  change: z
    .number({ error: MESSAGES.stockChangeInvalid })
    .int(MESSAGES.stockChangeInvalid)
    .min(-MAX_QUANTITY, MESSAGES.stockChangeInvalid)
    .max(MAX_QUANTITY, MESSAGES.stockChangeInvalid)
    .refine((value) => value !== 0, MESSAGES.stockChangeInvalid),
});
export type StockAdjustmentBody = z.infer<typeof stockAdjustmentSchema>;

/** How long a store's Idempotency-Key is remembered (at least). */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** What to order to bring a product back above its reorder point: up to twice the point (at least one). */
export function reorderQuantity(quantity: number, reorderPoint: number): number {
  return Math.max(1, reorderPoint * 2 - quantity);
}
