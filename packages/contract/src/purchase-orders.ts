import { fieldText, moneyProblem, type MoneyMessages } from './catalogue';
import { toCents } from './money';
import { lineQuantityProblem } from './order-lines';
import { PURCHASE_MESSAGES } from './purchase-messages';
import { lineLabel, SALES_MESSAGES } from './sales-messages';
import { isBlank } from './validation';

/**
 * Purchase orders (docs/decisions/0039-order-lines-fulfilment-and-cost-rules.md): lines of a product, a quantity and a
 * unit cost; a status that goes draft → ordered → partly received → received, or cancelled; editable only while a
 * draft. The unit cost is units with at most 2 decimals on the wire and whole cents in every computation (0006); a
 * draft's line may leave it blank (a suggestion from the reorder list whose supplier has no known cost), an order may
 * not be sent so.
 */

export const PURCHASE_ORDER_STATUSES = ['draft', 'ordered', 'partly_received', 'received', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: 'Draft',
  ordered: 'Ordered',
  partly_received: 'Partly received',
  received: 'Received',
  cancelled: 'Cancelled',
};

/** At most this many lines on one purchase order (the reorder suggestion splits a supplier's longer list). */
export const MAX_PURCHASE_ORDER_LINES = 500;
/** The longest notes a purchase order keeps. */
export const PURCHASE_ORDER_NOTES_MAX = 2000;

/** A line as a form or a request gives it. */
export interface PurchaseOrderLineInput {
  productId?: string;
  quantity?: string | number;
  /** Units with at most 2 decimals; blank or null while not known (drafts only). */
  unitCost?: string | number | null;
}

export type PurchaseOrderLineField = keyof PurchaseOrderLineInput;
export type PurchaseOrderLineErrors = Partial<Record<PurchaseOrderLineField, string>>;
export const PURCHASE_ORDER_LINE_FIELDS: readonly PurchaseOrderLineField[] = ['productId', 'quantity', 'unitCost'];

/** A checked line as the rules compute with it. */
export interface PurchaseOrderLine {
  productId: string;
  quantity: number;
  unitCostCents: number | null;
}

/** A purchase order line's amount in cents: quantity × unit cost (no discount, no tax); null while it has no cost. */
export function purchaseOrderLineAmountCents(line: Pick<PurchaseOrderLine, 'quantity' | 'unitCostCents'>): number | null {
  return line.unitCostCents === null ? null : line.quantity * line.unitCostCents;
}

/** A purchase order's total in cents: its lines' amounts summed; null while any line has no cost. */
export function purchaseOrderTotalCents(lines: readonly Pick<PurchaseOrderLine, 'quantity' | 'unitCostCents'>[]): number | null {
  let total = 0;
  for (const line of lines) {
    const amount = purchaseOrderLineAmountCents(line);
    if (amount === null) return null;
    total += amount;
  }
  return total;
}

const UNIT_COST_MESSAGES: MoneyMessages = {
  invalid: PURCHASE_MESSAGES.lineUnitCostInvalid,
  thousandsSeparator: PURCHASE_MESSAGES.lineUnitCostThousandsSeparator,
  decimals: PURCHASE_MESSAGES.lineUnitCostDecimals,
  tooHigh: PURCHASE_MESSAGES.lineUnitCostTooHigh,
};

/** A unit cost as a line or a receipt gives it: blank or null (not known), else the price's rule. The message, or null. */
export function unitCostProblem(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' && typeof value !== 'number') return PURCHASE_MESSAGES.lineUnitCostInvalid;
  const text = fieldText(value);
  return text === '' ? null : moneyProblem(text, UNIT_COST_MESSAGES);
}

/** The rules of one line: an error per field, none when it is valid. */
export function validatePurchaseOrderLine(fields: Record<string, unknown>): PurchaseOrderLineErrors {
  const errors: PurchaseOrderLineErrors = {};
  if (typeof fields.productId !== 'string' || isBlank(fields.productId))
    errors.productId = PURCHASE_MESSAGES.lineProductRequired;
  const quantity = lineQuantityProblem(fields.quantity, {
    required: PURCHASE_MESSAGES.lineQuantityRequired,
    invalid: PURCHASE_MESSAGES.lineQuantityInvalid,
  });
  if (quantity) errors.quantity = quantity;
  const cost = unitCostProblem(fields.unitCost);
  if (cost) errors.unitCost = cost;
  return errors;
}

export interface PurchaseOrderLinesErrors {
  order: string | null;
  lines: PurchaseOrderLineErrors[];
}

/**
 * The rules of a purchase order's lines: 1 to MAX_PURCHASE_ORDER_LINES lines, each valid, each product once (a
 * receipt counts scans of a product into its one line; a repeated product is refused on its later line).
 */
export function validatePurchaseOrderLines(lines: unknown): PurchaseOrderLinesErrors {
  if (!Array.isArray(lines)) return { order: PURCHASE_MESSAGES.lineInvalid, lines: [] };
  if (lines.length === 0) return { order: PURCHASE_MESSAGES.linesRequired, lines: [] };
  if (lines.length > MAX_PURCHASE_ORDER_LINES)
    return { order: PURCHASE_MESSAGES.tooManyLines(MAX_PURCHASE_ORDER_LINES), lines: [] };
  const notObject = lines.findIndex(
    (line: unknown) => typeof line !== 'object' || line === null || Array.isArray(line),
  );
  if (notObject >= 0) return { order: SALES_MESSAGES.onLine(notObject + 1, PURCHASE_MESSAGES.lineInvalid), lines: [] };
  const firstLineOf = new Map<string, number>();
  const errors = (lines as Record<string, unknown>[]).map((line, index) => {
    const lineErrors = validatePurchaseOrderLine(line);
    if (lineErrors.productId === undefined) {
      const productId = line.productId as string;
      const first = firstLineOf.get(productId);
      if (first === undefined) firstLineOf.set(productId, index + 1);
      else lineErrors.productId = PURCHASE_MESSAGES.lineProductRepeated(first);
    }
    return lineErrors;
  });
  return { order: null, lines: errors };
}

/** The one message a request answers (400): the order's, else the first line's first field's, as "Line 3: …". */
export function firstPurchaseOrderLinesError(errors: PurchaseOrderLinesErrors): string | null {
  if (errors.order) return errors.order;
  for (const [index, lineErrors] of errors.lines.entries()) {
    for (const field of PURCHASE_ORDER_LINE_FIELDS) {
      const message = lineErrors[field];
      if (message) return SALES_MESSAGES.onLine(index + 1, message);
    }
  }
  return null;
}

/** A unit cost as the rules compute with it: cents, or null when blank or absent. */
export function readUnitCostCents(value: string | number | null | undefined): number | null {
  const text = fieldText(value);
  return text === '' ? null : toCents(Number(text));
}

/** A valid line (validatePurchaseOrderLine found nothing) as the rules compute with it. */
export function readPurchaseOrderLine(input: PurchaseOrderLineInput): PurchaseOrderLine {
  return {
    productId: input.productId!,
    quantity: Number(fieldText(input.quantity)),
    unitCostCents: readUnitCostCents(input.unitCost),
  };
}

/**
 * The changes of status a person makes (the rest follow receipts: ordered → partly received → received): a draft is
 * sent (ordered) or cancelled; an order not fully received may be cancelled, what was received staying received and
 * the rest no longer on order. Received and cancelled are final.
 */
export const PURCHASE_ORDER_TRANSITIONS: Record<PurchaseOrderStatus, readonly PurchaseOrderStatus[]> = {
  draft: ['ordered', 'cancelled'],
  ordered: ['cancelled'],
  partly_received: ['cancelled'],
  received: [],
  cancelled: [],
};

/** Only a draft's supplier, dates and lines may change (what was sent to a supplier stays as sent). */
export function purchaseOrderEditable(status: PurchaseOrderStatus): boolean {
  return status === 'draft';
}

export interface PurchaseOrderRefusal {
  status: 409;
  message: string;
}

const labelOf = (status: PurchaseOrderStatus) => PURCHASE_ORDER_STATUS_LABELS[status].toLowerCase();

/** Whether an edit of the order's fields or lines may be made: null for a draft, else 409 saying why. */
export function purchaseOrderEditRefusal(status: PurchaseOrderStatus): PurchaseOrderRefusal | null {
  return purchaseOrderEditable(status)
    ? null
    : { status: 409, message: PURCHASE_MESSAGES.notEditable(labelOf(status)) };
}

/**
 * Whether a person may move the order from `from` to `to`: null when allowed (or when it is there already: a repeated
 * request changes nothing), else 409. A draft is ordered only when every line has a unit cost; the refusal names each
 * line without one.
 */
export function purchaseOrderTransitionRefusal(
  from: PurchaseOrderStatus,
  to: PurchaseOrderStatus,
  lines: readonly { name: string; unitCostCents: number | null }[],
): PurchaseOrderRefusal | null {
  if (from === to) return null;
  if (!PURCHASE_ORDER_TRANSITIONS[from].includes(to))
    return { status: 409, message: PURCHASE_MESSAGES.transitionRefused(labelOf(from), labelOf(to)) };
  if (to === 'ordered') {
    const missing = lines.flatMap((line, index) =>
      line.unitCostCents === null ? [lineLabel([index + 1], line.name)] : [],
    );
    if (missing.length > 0) return { status: 409, message: PURCHASE_MESSAGES.unitCostMissing(missing) };
    if (lines.length === 0) return { status: 409, message: PURCHASE_MESSAGES.linesRequired };
  }
  return null;
}
