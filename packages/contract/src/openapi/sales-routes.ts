import { z } from 'zod';
import { MESSAGES } from '../messages';
import { SALES_MESSAGES } from '../sales-messages';
import { idParamsSchema } from '../schemas/catalogue';
import type { Permission } from '../stores';
import type { RouteSpec } from './route-spec';

/**
 * The routes of an order's shipments and returns (issue 27; docs/decisions/0039-order-lines-fulfilment-and-cost-rules.md,
 * 0041-multi-line-orders-in-the-spec-calls.md); routes.ts lists them. `lines` on POST/PATCH /api/orders is described there.
 */

const storeRoute = (permission: Permission) => ({ auth: 'store' as const, permission });
const orderId = { id: { schema: idParamsSchema.shape.id, description: "The order's `_id`" } };
const orderNotFound = { description: 'No order of the active store has this id', example: MESSAGES.orderNotFound };
const SPEC_ORDER_LINE =
  'An order as SPEC.md sends it (without `lines`) has one line whose `lineId` is the order\'s own `_id`; its first shipment or return makes that line, and the order then answers its `lines`.';

export const SALES_ROUTES: RouteSpec[] = [
  {
    method: 'post',
    path: '/api/orders/{id}/shipments',
    operationId: 'createShipment',
    summary: 'Record what left, line by line',
    description: `\`lines\` is a list of \`{lineId, quantity}\` (a line named twice counts its sum; zeros are left out); \`date\` (YYYY-MM-DD, absent: today), \`carrier\` and \`trackingNumber\` are optional. Checked again with the lines as they are when it is committed, under the order's lock: two shipments of one line at once never ship more than was ordered. A shipment moves no stock (the order took it when placed); the order's \`salesStatus\` follows. ${SPEC_ORDER_LINE}`,
    tag: 'Orders',
    ...storeRoute('catalogue:update'),
    params: orderId,
    body: { media: 'json', schema: 'ShipmentRequest' },
    answer: { status: 201, schema: 'Shipment', description: 'The shipment' },
    extra: {
      400: { description: 'The body is invalid, or names a line that is not one of this order', example: SALES_MESSAGES.requestLineUnknown },
      404: orderNotFound,
      409: { description: 'A line asked for more than is left to ship, or the order has nothing to ship', example: SALES_MESSAGES.shipmentExceeds('Line 2 (USB-C dock)', 3, 1) },
    },
  },
  {
    method: 'get',
    path: '/api/orders/{id}/shipments',
    operationId: 'listShipments',
    summary: "An order's shipments, oldest first",
    tag: 'Orders',
    ...storeRoute('catalogue:read'),
    params: orderId,
    answer: { status: 200, schema: 'ShipmentList', description: 'Its shipments' },
    extra: { 404: orderNotFound },
  },
  {
    method: 'get',
    path: '/api/orders/{id}/shipments/{shipmentId}/packing-slip',
    operationId: 'packingSlip',
    summary: 'A printable packing slip of one shipment',
    description: "An HTML page fit to print: the store's details (store settings), the order's number and customer, and each line that left with its quantity.",
    tag: 'Orders',
    ...storeRoute('catalogue:read'),
    params: { ...orderId, shipmentId: { schema: z.uuid(), description: "The shipment's `_id`" } },
    answer: { status: 200, media: { 'text/html': {} }, description: 'The packing slip' },
    extra: { 404: { description: 'No such order of the active store, or no such shipment of it', example: SALES_MESSAGES.shipmentNotFound } },
  },
  {
    method: 'post',
    path: '/api/orders/{id}/returns',
    operationId: 'createReturn',
    summary: 'Take back what shipped, line by line',
    description: `\`lines\` is a list of \`{lineId, quantity, reason, restock?}\`: only what shipped on this order and was not returned yet; \`reason\` one of damaged, defective, wrong_item, not_wanted, other; \`restock\` absent: back to stock unless damaged or defective. What goes back to stock is an \`order_returned\` stock movement linked to the return. Checked again under the order's lock when committed. ${SPEC_ORDER_LINE}`,
    tag: 'Orders',
    ...storeRoute('catalogue:update'),
    params: orderId,
    body: { media: 'json', schema: 'ReturnRequest' },
    answer: { status: 201, schema: 'Return', description: 'The return' },
    extra: {
      400: { description: 'The body is invalid: a line of another order, a reason not in the list', example: SALES_MESSAGES.returnReasonInvalid(['damaged', 'defective', 'wrong_item', 'not_wanted', 'other']) },
      404: orderNotFound,
      409: { description: 'A line asked for more than shipped and was not returned', example: SALES_MESSAGES.returnExceeds('Line 1 (USB-C dock)', 2, 1) },
    },
  },
  {
    method: 'get',
    path: '/api/orders/{id}/returns',
    operationId: 'listReturns',
    summary: "An order's returns, oldest first",
    tag: 'Orders',
    ...storeRoute('catalogue:read'),
    params: orderId,
    answer: { status: 200, schema: 'ReturnList', description: 'Its returns' },
    extra: { 404: orderNotFound },
  },
];
