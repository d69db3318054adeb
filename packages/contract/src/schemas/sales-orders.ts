import { z } from 'zod';
import { MESSAGES } from '../messages';
import {
  discountBasisPoints,
  firstOrderLinesError,
  MAX_ORDER_LINES,
  type OrderLine,
  type OrderLineInput,
  readOrderLine,
  validateOrderLines,
} from '../order-lines';
import { RETURN_REASONS } from '../return-reasons';
import { SALES_MESSAGES } from '../sales-messages';
import { singleLineProblem } from '../validation';
import { echoedFields, withoutEchoed } from './echoed-fields';

/** What a line answers beside its fields: sent back, accepted and ignored (its `_id` names the line kept). */
const LINE_ECHOED_FIELDS = ['amount', 'shipped', 'returned', 'cancelled', 'outstanding', 'unitPriceCents'] as const;

/** What an order of lines answers beside `lines` and `customerId`: sent back with an edit, accepted and ignored. */
const ORDER_ECHOED_FIELDS_OF_LINES = [
  '_id', 'sku', 'createdAt', 'updatedAt', '__v', 'createdBy', 'updatedBy', 'number', 'customer',
  'name', 'category', 'price', 'quantity', 'productId', 'status', 'salesStatus', 'total',
] as const;

/**
 * The request schemas of orders of several lines, their shipments and returns
 * (docs/decisions/0039-order-lines-fulfilment-and-cost-rules.md, 0041-multi-line-orders-in-the-spec-calls.md): the
 * shape here, the rules (validateOrderLines, checkShipment, checkReturn) from the contract's rule modules.
 */

const numberOrText = z.union([z.number(), z.string()], { error: SALES_MESSAGES.lineInvalid });

/** A line as a request sends it; an edit names a line it keeps by its `lineId`. */
export const orderLineRequestSchema = z.strictObject(
  {
    lineId: z.uuid({ error: SALES_MESSAGES.requestLineUnknown }).nullable().optional().describe('An edit: the line kept (its shipped quantity with it); absent or null: a new line'),
    _id: z.uuid({ error: SALES_MESSAGES.requestLineUnknown }).optional().describe('The same as `lineId` (a line sent back as it was answered)'),
    ...echoedFields(LINE_ECHOED_FIELDS),
    productId: z.uuid({ error: SALES_MESSAGES.lineProductInvalid }).nullable().optional().describe('A product of the store; null or absent: a line of free text'),
    description: z.string({ error: MESSAGES.textRequired('Description') }).optional().describe("Free text: the line's name without a product (required then), else a note"),
    quantity: numberOrText.describe('A whole number from 1'),
    unitPrice: numberOrText.describe('Units with at most 2 decimals'),
    discountPercent: z.union([z.number(), z.string(), z.null()], { error: SALES_MESSAGES.discountInvalid }).optional().describe('0 to 100, at most 2 decimals; blank or absent: none'),
    taxRateId: z.uuid({ error: SALES_MESSAGES.lineTaxRateUnknown }).nullable().optional().describe("One of the store's tax rates; null: none; absent: the store's default"),
  },
  { error: SALES_MESSAGES.lineInvalid },
);

/** A checked line of a request: the rules' line, its discount in basis points, the line it keeps and whether its rate was sent. */
export interface OrderLineRequest extends OrderLine {
  lineId: string | null;
  discountBp: number;
  /** Absent in the request: the store's default rate applies (taxRateOfNewLine). */
  taxRateSent: boolean;
}

/** 1 to MAX_ORDER_LINES lines, each valid by validateOrderLine; the one message is the first problem, as "Line 3: …". */
const linesField = z
  .array(orderLineRequestSchema, { error: SALES_MESSAGES.linesInvalid })
  .superRefine((lines, ctx) => {
    const message = firstOrderLinesError(validateOrderLines(lines));
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((lines): OrderLineRequest[] =>
    lines.map((line) => {
      const read = readOrderLine(line as OrderLineInput);
      return { ...read, lineId: line.lineId ?? line._id ?? null, discountBp: discountBasisPoints(read.discountPercent), taxRateSent: line.taxRateId !== undefined };
    }),
  )
  .describe(`1 to ${MAX_ORDER_LINES} lines, in the order's order`);

const customerIdField = z.uuid({ error: MESSAGES.customerNotFound }).nullable().optional();

/** POST /api/orders with `lines`: an order of several lines (the SPEC fields are then made from them, 0041). */
export const salesOrderSchema = z
  .strictObject({ lines: linesField, customerId: customerIdField.describe("The store's customer it is placed for (not an archived one)") })
  .transform((body) => ({ lines: body.lines, customerId: body.customerId ?? null }));

/**
 * PATCH /api/orders/{id} with `lines`: the order's lines as they are to be (a kept line names its `lineId`; a line left
 * out is removed), and optionally its customer. What an order answers (the SPEC fields made from its lines, its status,
 * totals) is accepted when sent back and ignored.
 */
export const salesOrderUpdateSchema = z
  .strictObject({
    lines: linesField,
    customerId: customerIdField.describe("Absent: the customer stays; null: none"),
    ...echoedFields(ORDER_ECHOED_FIELDS_OF_LINES),
  })
  .transform((body) => withoutEchoed(body, ORDER_ECHOED_FIELDS_OF_LINES));

/** Whether a body of POST/PATCH /api/orders is one of lines (it has `lines`), else the SPEC.md fields. */
export function isLinesBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'lines' in body;
}

const requestLine = z.object(
  {
    lineId: z.string({ error: SALES_MESSAGES.requestLinesInvalid }).describe("A line's `_id` on this order"),
    quantity: z.number({ error: SALES_MESSAGES.requestQuantityInvalid }).describe('A whole number of 0 or more; zeros are left out'),
  },
  { error: SALES_MESSAGES.requestLinesInvalid },
);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const SHIPMENT_TEXT_MAX = 100;

const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const shipmentText = (field: string) =>
  z
    .string({ error: SALES_MESSAGES.shipmentTextTooLong(field, SHIPMENT_TEXT_MAX) })
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      const problem = singleLineProblem(field, value) ?? (value.trim().length > SHIPMENT_TEXT_MAX ? SALES_MESSAGES.shipmentTextTooLong(field, SHIPMENT_TEXT_MAX) : null);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => (value ?? '').trim());

/** POST /api/orders/{id}/shipments: what leaves, per line (checkShipment decides how much may), and how. */
export const shipmentSchema = z.strictObject({
  lines: z.array(requestLine, { error: SALES_MESSAGES.requestLinesInvalid }).max(MAX_ORDER_LINES, SALES_MESSAGES.requestTooManyLines(MAX_ORDER_LINES)),
  date: z
    .string({ error: SALES_MESSAGES.shipmentDateInvalid })
    .refine(isDay, SALES_MESSAGES.shipmentDateInvalid)
    .optional()
    .describe('The day it left (YYYY-MM-DD); absent: today (UTC)'),
  carrier: shipmentText('Carrier').describe(`Who carries it; at most ${SHIPMENT_TEXT_MAX} characters`),
  trackingNumber: shipmentText('Tracking number').describe(`At most ${SHIPMENT_TEXT_MAX} characters`),
});

const returnLine = z.object(
  {
    lineId: z.string({ error: SALES_MESSAGES.requestLinesInvalid }).describe("A line's `_id` on this order"),
    quantity: z.number({ error: SALES_MESSAGES.requestQuantityInvalid }).describe('A whole number of 0 or more; zeros are left out'),
    reason: z.enum(RETURN_REASONS, { error: SALES_MESSAGES.returnReasonInvalid(RETURN_REASONS) }),
    restock: z.boolean({ error: SALES_MESSAGES.returnRestockInvalid }).optional().describe('Back to stock; absent: yes, unless damaged or defective'),
  },
  { error: SALES_MESSAGES.requestLinesInvalid },
);

/** POST /api/orders/{id}/returns: what comes back, per line, why, and whether it goes back to stock (checkReturn). */
export const returnSchema = z.strictObject({
  lines: z.array(returnLine, { error: SALES_MESSAGES.requestLinesInvalid }).max(MAX_ORDER_LINES, SALES_MESSAGES.requestTooManyLines(MAX_ORDER_LINES)),
});

/** `{id, shipmentId}` of the packing slip's path. */
export const shipmentParamsSchema = z.strictObject({ id: z.uuid(), shipmentId: z.uuid() });

export type SalesOrderBody = z.infer<typeof salesOrderSchema>;
export type SalesOrderUpdateBody = z.infer<typeof salesOrderUpdateSchema>;
export type ShipmentBody = z.infer<typeof shipmentSchema>;
export type ReturnBody = z.infer<typeof returnSchema>;
