/** Where an order stands; an order without one (from a client of the original contract) is open. */
export const ORDER_STATUSES = ['open', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What an order in this state may still have done to it (the role decides the rest). */
export interface OrderStateActions {
  /** Change its fields or status (a cancelled order may be reopened). */
  edit: boolean;
  /** Cancel it: its stock goes back to its product. */
  cancel: boolean;
  delete: boolean;
}

/**
 * An open order may be edited, cancelled or deleted; a fulfilled one is final (its goods have left: nothing to edit,
 * and its record stays); a cancelled one may be reopened (edited) or deleted.
 */
export function orderStateActions(status: OrderStatus | undefined): OrderStateActions {
  switch (status ?? 'open') {
    case 'fulfilled':
      return { edit: false, cancel: false, delete: false };
    case 'cancelled':
      return { edit: true, cancel: false, delete: true };
    default:
      return { edit: true, cancel: true, delete: true };
  }
}
