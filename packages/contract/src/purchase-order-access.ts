import type { PurchaseOrder, Receipt, ReceiptCreateBody } from './schemas/purchase-orders';
import { can, forbiddenMessage, type Role } from './stores';

/**
 * Purchase orders and receipts as a role may see them (docs/decisions/0047-receiving-by-staff.md). Staff receive goods
 * (`purchasing:receive`) but never see what the shop pays (`cost:read`, 0031): to them an order has no total, its lines
 * and its receipts' lines no unit cost. Absent, not null, as a product's cost is (field-access.ts), so an answer never
 * says whether something is hidden. One rule for the server and the mocks; the app hides the same columns.
 */

/** The order as `role` may see it. */
export function purchaseOrderSeenBy(role: Role, order: PurchaseOrder): PurchaseOrder {
  if (can(role, 'cost:read')) return order;
  const { total: _total, lines, ...rest } = order;
  return { ...rest, ...(lines ? { lines: lines.map(({ unitCost: _unitCost, ...line }) => line) } : {}) };
}

/** The receipt as `role` may see it. */
export function receiptSeenBy(role: Role, receipt: Receipt): Receipt {
  if (can(role, 'cost:read')) return receipt;
  return { ...receipt, lines: receipt.lines.map(({ unitCost: _unitCost, ...line }) => line) };
}

/**
 * A receipt that gives a unit cost (anything but blank or null) from a role that may not set costs: the 403 message,
 * or null. Such a role's receipt takes each line's unit cost.
 */
export function receiptCostRefusal(role: Role, body: ReceiptCreateBody): string | null {
  if (can(role, 'cost:update')) return null;
  const costed = body.lines.some((line) => line.unitCost !== undefined && line.unitCost !== null && String(line.unitCost).trim() !== '');
  return costed ? forbiddenMessage(role, 'cost:update') : null;
}
