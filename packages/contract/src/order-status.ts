/** Where an order stands; an order without one (from a client of the original contract) is open. */
export const ORDER_STATUSES = ['open', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
