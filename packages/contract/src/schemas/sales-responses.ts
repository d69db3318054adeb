import { z } from 'zod';
import { MAX_PRICE, MAX_QUANTITY } from '../constants';
import { SALES_ORDER_STATUSES } from '../sales-order-status';
import { RETURN_REASONS } from '../return-reasons';

/** What the API answers of an order's lines, shipments and returns (docs/decisions/0041-multi-line-orders-in-the-spec-calls.md). */

export const orderLineResponseSchema = z.object({
  _id: z.uuid().describe('The line; shipments and returns name it as `lineId`'),
  productId: z.uuid().nullable().describe('Its catalogue product; null for free text or a product since deleted'),
  description: z.string().describe("The product's name when the line was placed, or the line's text"),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
  unitPrice: z.number().min(0).max(MAX_PRICE).describe('At most 2 decimals'),
  discountPercent: z.number().min(0).max(100),
  taxRateId: z.uuid().nullable(),
  amount: z.number().min(0).describe('quantity × unit price less the discount, rounded once to the cent'),
  shipped: z.number().int().min(0),
  returned: z.number().int().min(0),
  cancelled: z.number().int().min(0),
  outstanding: z.number().int().min(0).describe('Still to ship: quantity − shipped − cancelled'),
});

/** Beside the SPEC.md fields, on the single-item answers of an order of lines only (an order without answers as before). */
export const orderLinesFieldsSchema = {
  lines: z.array(orderLineResponseSchema).optional().describe('Its lines (orders of lines only; absent on an order as SPEC.md sends it)'),
  salesStatus: z.enum(SALES_ORDER_STATUSES).optional().describe('open, partly_shipped, shipped or cancelled, from its lines'),
  total: z.number().min(0).optional().describe("The order's total with tax, as `price` × `quantity` shows it"),
};

const shipmentLineSchema = z.object({ lineId: z.uuid(), quantity: z.number().int().min(1) });

export const shipmentResponseSchema = z.object({
  _id: z.uuid(),
  orderId: z.uuid(),
  date: z.string().describe('YYYY-MM-DD'),
  carrier: z.string(),
  trackingNumber: z.string(),
  lines: z.array(shipmentLineSchema),
  createdAt: z.iso.datetime(),
});
export const shipmentListSchema = z.array(shipmentResponseSchema).describe("The order's shipments, oldest first");

const returnLineSchema = z.object({
  lineId: z.uuid(),
  quantity: z.number().int().min(1),
  reason: z.enum(RETURN_REASONS),
  restock: z.boolean().describe('Went back to stock (an `order_returned` movement of its product)'),
});

export const returnResponseSchema = z.object({
  _id: z.uuid(),
  orderId: z.uuid(),
  lines: z.array(returnLineSchema),
  createdAt: z.iso.datetime(),
});
export const returnListSchema = z.array(returnResponseSchema).describe("The order's returns, oldest first");

export type OrderLineAnswer = z.infer<typeof orderLineResponseSchema>;
export type Shipment = z.infer<typeof shipmentResponseSchema>;
export type OrderReturn = z.infer<typeof returnResponseSchema>;
