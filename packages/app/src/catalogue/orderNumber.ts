import { documentNumber, type Order } from '@inventory/contract/rules';

/** "SO-00042": the number people say on the phone (contract documentNumber); '' for an order answered without one. */
export const orderNumberText = (order: Pick<Order, 'number'>): string =>
  order.number ? documentNumber('sales_order', order.number) : '';
