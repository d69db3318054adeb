/**
 * The texts of buying (docs/decisions/0039-order-lines-fulfilment-and-cost-rules.md): purchase orders, their status,
 * receiving and the reorder suggestion. Kept apart from messages.ts so the buying work merges without touching the
 * shared list; the lines' shared words (lineLabel, "Line 3: …") are sales-messages.ts'.
 */

const count = (value: number) => value.toLocaleString('en-US');

export const PURCHASE_MESSAGES = {
  // The lines of a purchase order.
  linesRequired: 'Add at least one line',
  tooManyLines: (max: number) => `A purchase order can have at most ${count(max)} lines: split it into several`,
  lineInvalid: 'Each line must give a product, a quantity and a unit cost',
  lineProductRequired: 'Choose a product',
  lineProductRepeated: (line: number) =>
    `This product is already on line ${count(line)}: change that line's quantity instead`,
  lineQuantityInvalid: 'Quantity must be a whole number of 1 or more',
  lineQuantityRequired: 'Please enter a quantity',
  lineUnitCostInvalid: 'Unit cost must be a number of 0 or more, or empty while the order is a draft',
  lineUnitCostThousandsSeparator: 'Unit cost: use digits and a decimal point, without thousands separators',
  lineUnitCostDecimals: 'Unit cost can have at most 2 decimals',
  lineUnitCostTooHigh: 'Unit cost must be at most 10,000,000',

  // Status.
  statusInvalid: 'Status must be draft, ordered, partly received, received or cancelled',
  notEditable: (status: string) => `A purchase order can be changed only while it is a draft; this one is ${status}.`,
  transitionRefused: (from: string, to: string) => `A purchase order cannot go from ${from} to ${to}.`,
  unitCostMissing: (labels: readonly string[]) => `Give every line a unit cost before ordering: ${labels.join('; ')}.`,

  // Receiving (409 with what is outstanding).
  notReceivable: (status: string) =>
    status === 'draft'
      ? 'Order this purchase order before receiving it.'
      : `A ${status} purchase order has nothing left to receive.`,
  receiptExceeds: (label: string, requested: number, outstanding: number) =>
    outstanding <= 0
      ? `${label}: nothing is outstanding (${count(requested)} received).`
      : `${label}: only ${count(outstanding)} outstanding, not ${count(requested)}.`,
  receiptUnitCostInvalid: 'Unit cost received must be a number of 0 or more with at most 2 decimals',
  receiptProductGone: (label: string) => `${label}: the product no longer exists, so it cannot be received.`,

  // The calls (docs/decisions/0042-purchase-orders-and-receiving.md).
  notFound: 'Purchase order not found',
  deleted: 'Purchase order deleted',
  notDeletable: (status: string) => `Only a draft purchase order can be deleted; this one is ${status}. Cancel it instead.`,
  supplierRequired: 'Choose a supplier',
  supplierArchived: (name: string) => `${name} is archived: restore them before ordering from them.`,
  lineProductUnknown: (line: number) => `Line ${count(line)}: no product of the store has this id`,
  expectedDateInvalid: 'Expected date must be a date written YYYY-MM-DD',
  notesTooLong: (max: number) => `Notes can have at most ${count(max)} characters`,
  mailed: (email: string) => `Purchase order mailed to ${email}`,
  supplierNoEmail: (name: string) => `${name} has no email address: add one to the supplier, or send the order another way.`,
  notMailable: (status: string) => `Order this purchase order before mailing it; this one is ${status}.`,
  suggestionProductsInvalid: 'Send productIds (a list of product ids) or all: true',
} as const;
