import { LIMITS, MAX_QUANTITY } from './constants';
import { MESSAGES } from './messages';
import { singleLineProblem } from './validation';

/**
 * Stock movements: every change of a product's quantity, with why. The reasons name the path that changed it; the
 * ledger of a product adds up to its quantity. `order_returned` is a sales return put back on the shelf (returns.ts),
 * `received` a purchase order's receipt (receiving.ts), with the unit cost it came at.
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
  'order_returned',
  'received',
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
  order_returned: 'Returned to stock',
  received: 'Received',
};

/**
 * Why a stock correction was made: a count that found a different number, goods damaged, lost or found, goods
 * received outside an order, or something else (the note says what). Kept on the correction's movement.
 */
export const CORRECTION_REASONS = ['count', 'damaged', 'lost', 'found', 'received', 'other'] as const;
export type CorrectionReason = (typeof CORRECTION_REASONS)[number];

export const CORRECTION_REASON_LABELS: Record<CorrectionReason, string> = {
  count: 'Count',
  damaged: 'Damaged',
  lost: 'Lost',
  found: 'Found',
  received: 'Received',
  other: 'Other',
};

/**
 * The reason of a correction sent without one (scripts and clients written before reasons existed, and corrections
 * recorded before then): 'other', since nothing says it was a count (docs/decisions/0027).
 */
export const DEFAULT_CORRECTION_REASON: CorrectionReason = 'other';

/** The rule of a correction's note: one line, at most LIMITS.correctionNote characters (trimmed). The message, or null. */
export function correctionNoteProblem(note: string): string | null {
  if (note.trim().length > LIMITS.correctionNote) return MESSAGES.fieldTooLong('Note', LIMITS.correctionNote);
  return singleLineProblem('Note', note);
}

/** How a correction reads in a stock history: "Stock correction: Damaged". */
export function correctionReasonText(reason: CorrectionReason | null): string {
  return reason === null ? MOVEMENT_REASON_LABELS.correction : `${MOVEMENT_REASON_LABELS.correction}: ${CORRECTION_REASON_LABELS[reason]}`;
}

/**
 * The one range of a product's quantity, kept on every path that changes it (product forms, orders, corrections,
 * imports): 0 to MAX_QUANTITY. The ceiling stops stock being added past it; taking stock is never refused for it, since
 * a product may already hold more (bulk-seeded or imported before the limit): only going below 0 stops a take.
 * The bounds a quantity must land in after a change of `change`: at least 0, at most `max` (null: no ceiling).
 */
export function stockChangeBounds(change: number): { min: 0; max: number | null } {
  return { min: 0, max: change > 0 ? MAX_QUANTITY : null };
}

/**
 * Whether a change of `change` from `quantity` leaves the range of `stockChangeBounds`: 'below' (more taken than
 * there is), 'above' (added past the limit), or null.
 */
export function stockChangeOutOfRange(quantity: number, change: number): 'below' | 'above' | null {
  const after = quantity + change;
  const { min, max } = stockChangeBounds(change);
  if (after < min) return 'below';
  if (max !== null && after > max) return 'above';
  return null;
}

/** How long a store's Idempotency-Key is remembered (at least). */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

