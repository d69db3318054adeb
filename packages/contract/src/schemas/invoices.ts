import { z } from 'zod';
import { BILLING_MESSAGES } from '../billing-messages';
import { BILLING_PREFIX_PATTERN } from '../documents';
import {
  CREDIT_REASON_MAX,
  INVOICE_NOTES_MAX,
  INVOICE_STATUSES,
  isIsoDate,
  PAYMENT_METHODS,
  PAYMENT_REFERENCE_MAX,
  PAYMENT_STATUSES,
} from '../invoices';
import { MESSAGES } from '../messages';
import { ORDER_INVOICE_BASES } from '../order-invoicing';
import { firstOrderLinesError, type OrderLineInput, readOrderLine, validateOrderLines } from '../order-lines';
import { echoedFields, withoutEchoed } from './echoed-fields';
import { queryText } from './query-text';
import { actorSchema } from './responses';

/** The invoices, credit notes and payments calls' requests and answers (their rules: invoices.ts; 0043). */

const lineInput = z.looseObject({}).describe('A product (`productId`) or free text (`description`), `quantity`, `unitPrice`, `discountPercent`, `taxRateId` (absent: the default rate; null: no tax)');

const linesField = z
  .array(lineInput, { error: MESSAGES.invalidListQuery })
  .superRefine((lines, ctx) => {
    const message = firstOrderLinesError(validateOrderLines(lines));
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((lines) =>
    lines.map((line) => ({ ...readOrderLine(line as OrderLineInput), taxRateRequested: (line as OrderLineInput).taxRateId })),
  );

const notesField = z
  .string({ error: MESSAGES.textRequired('Notes') })
  .max(INVOICE_NOTES_MAX, { error: BILLING_MESSAGES.invoiceNotesTooLong(INVOICE_NOTES_MAX) })
  .describe(`Printed under the lines; at most ${INVOICE_NOTES_MAX} characters`);

/** POST /api/invoices: a draft for a customer, by hand (an order's invoice will come through its own route). */
export const invoiceCreateSchema = z.strictObject({
  customerId: z.uuid({ error: BILLING_MESSAGES.invoiceCustomerRequired }).describe("One of the store's customers"),
  lines: linesField,
  notes: notesField.optional(),
});
export type InvoiceCreateBody = z.infer<typeof invoiceCreateSchema>;

/** POST /api/orders/{id}/invoices: a draft of the order, of everything ordered or of what has shipped, not yet invoiced. */
export const orderInvoiceSchema = z.strictObject({
  basis: z.enum(ORDER_INVOICE_BASES, { error: BILLING_MESSAGES.orderInvoiceBasisInvalid }).describe('`all`: everything ordered (less cancelled); `shipped`: what has shipped; each less what invoices of the order already bill'),
  customerId: z.uuid({ error: BILLING_MESSAGES.invoiceCustomerInvalid }).optional().describe("Absent: the order's customer"),
  notes: notesField.optional(),
});
export type OrderInvoiceBody = z.infer<typeof orderInvoiceSchema>;

export const INVOICE_ECHOED_FIELDS = [
  '_id', 'sourceOrderId', 'number', 'status', 'paymentStatus', 'customer', 'issueDate', 'dueDate', 'currency', 'pricesIncludeTax', 'totals',
  'creditedCents', 'paidCents', 'amountDueCents', 'seller', 'mail', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy',
] as const;

/** PATCH /api/invoices/{id} (a draft only): the customer, the lines (all of them) or the notes. */
export const invoiceUpdateSchema = z
  .strictObject({
    customerId: z.uuid({ error: BILLING_MESSAGES.invoiceCustomerInvalid }).optional(),
    lines: linesField.optional(),
    notes: notesField.optional(),
    ...echoedFields(INVOICE_ECHOED_FIELDS),
  })
  .transform((body) => withoutEchoed(body, INVOICE_ECHOED_FIELDS));
export type InvoiceUpdateBody = z.infer<typeof invoiceUpdateSchema>;

const listLimit = z.coerce.number({ error: MESSAGES.invalidListQuery }).int({ error: MESSAGES.invalidListQuery }).min(1, { error: MESSAGES.invalidListQuery }).max(100, { error: MESSAGES.invalidListQuery });

/** GET /api/invoices: newest first, a page at a time. */
export const invoiceListQuerySchema = z.strictObject({
  limit: listLimit.default(50).describe('Invoices per page, 1 to 100 (default 50)'),
  offset: z.coerce.number({ error: MESSAGES.invalidListQuery }).int({ error: MESSAGES.invalidListQuery }).min(0, { error: MESSAGES.invalidListQuery }).max(1_000_000, { error: MESSAGES.invalidListQuery }).default(0).describe('Invoices to skip'),
  status: z.enum(INVOICE_STATUSES, { error: MESSAGES.invalidListQuery }).optional().describe('Only drafts or only issued invoices'),
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: MESSAGES.invalidListQuery }).optional().describe('Only issued invoices of this payment status today (overdue: something due after the due date)'),
  customerId: z.uuid({ error: MESSAGES.invalidListQuery }).optional().describe("Only this customer's invoices"),
  credited: z.enum(['true'], { error: MESSAGES.invalidListQuery }).optional().describe('`true`: only invoices a credit note corrected'),
  q: queryText('Search').max(40, MESSAGES.invalidListQuery).transform((value) => value.trim()).optional().describe('Part of the number, e.g. 2026-000123'),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/** POST /api/invoices/{id}/credit-notes: the whole invoice (no `lines`) or some of its lines. */
export const creditNoteCreateSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        line: z.number({ error: BILLING_MESSAGES.creditLinesRequired }).int({ error: BILLING_MESSAGES.creditLinesRequired }).min(1, { error: BILLING_MESSAGES.creditLinesRequired }).describe("The invoice's line, from 1"),
        quantity: z.number({ error: BILLING_MESSAGES.creditQuantityInvalid }).int({ error: BILLING_MESSAGES.creditQuantityInvalid }).min(1, { error: BILLING_MESSAGES.creditQuantityInvalid }),
      }),
      { error: BILLING_MESSAGES.creditLinesRequired },
    )
    .min(1, { error: BILLING_MESSAGES.creditLinesRequired })
    .max(500, { error: BILLING_MESSAGES.creditLinesRequired })
    .optional()
    .describe('Absent: everything still creditable'),
  reason: z.string({ error: MESSAGES.textRequired('Reason') }).max(CREDIT_REASON_MAX, { error: BILLING_MESSAGES.creditReasonTooLong(CREDIT_REASON_MAX) }).optional(),
});
export type CreditNoteCreateBody = z.infer<typeof creditNoteCreateSchema>;

/** POST /api/invoices/{id}/payments. */
export const paymentCreateSchema = z.strictObject({
  amountCents: z.number({ error: BILLING_MESSAGES.paymentAmountInvalid }).int({ error: BILLING_MESSAGES.paymentAmountInvalid }).min(1, { error: BILLING_MESSAGES.paymentAmountInvalid }).max(Number.MAX_SAFE_INTEGER, { error: BILLING_MESSAGES.paymentAmountInvalid }).describe('Whole cents'),
  date: z.string({ error: BILLING_MESSAGES.paymentDateInvalid }).refine(isIsoDate, { error: BILLING_MESSAGES.paymentDateInvalid }).describe('YYYY-MM-DD'),
  method: z.enum(PAYMENT_METHODS, { error: BILLING_MESSAGES.paymentMethodInvalid }),
  reference: z.string({ error: MESSAGES.textRequired('Reference') }).max(PAYMENT_REFERENCE_MAX, { error: BILLING_MESSAGES.paymentReferenceTooLong(PAYMENT_REFERENCE_MAX) }).optional(),
});
export type PaymentCreateBody = z.infer<typeof paymentCreateSchema>;

/** PUT /api/invoices/numbering. */
export const billingNumberingSchema = z.strictObject({
  invoicePrefix: z.string({ error: BILLING_MESSAGES.numberingPrefixInvalid }).regex(BILLING_PREFIX_PATTERN, { error: BILLING_MESSAGES.numberingPrefixInvalid }),
  creditNotePrefix: z.string({ error: BILLING_MESSAGES.numberingPrefixInvalid }).regex(BILLING_PREFIX_PATTERN, { error: BILLING_MESSAGES.numberingPrefixInvalid }),
  withYear: z.boolean({ error: MESSAGES.invalidListQuery }).describe('The year of issue in the number; each year its own series'),
});

/* Answers */

const rateOnLine = z.object({ _id: z.string(), name: z.string(), percent: z.number() });
const amounts = { netCents: z.number().int(), taxCents: z.number().int(), grossCents: z.number().int() };

export const invoiceLineSchema = z.object({
  productId: z.string().nullable(),
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().describe('Units, with or without tax as `pricesIncludeTax` says'),
  discountPercent: z.number(),
  taxRateId: z.string().nullable(),
  taxRate: rateOnLine.nullable().describe('The rate as it was when the line was written'),
  ...amounts,
});

export const documentTotalsSchema = z.object({
  rates: z.array(z.object({ taxRateId: z.string(), name: z.string(), percent: z.number(), ...amounts })),
  ...amounts,
});

export const invoiceMailSchema = z.object({
  status: z.enum(['pending', 'sent', 'failed']).describe('Of the last mail of this invoice'),
  to: z.string(),
  attempts: z.number().int().min(0),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

export const sellerSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  taxId: z.string(),
  bankDetails: z.string(),
  footerText: z.string(),
  paymentTermsDays: z.number().int(),
});

export const creditNoteSchema = z.object({
  _id: z.string(),
  number: z.string(),
  invoiceId: z.string(),
  issueDate: z.string(),
  reason: z.string(),
  lines: z.array(invoiceLineSchema.extend({ invoiceLine: z.number().int() })),
  totals: documentTotalsSchema,
  createdAt: z.string(),
});

export const paymentSchema = z.object({
  _id: z.string(),
  invoiceId: z.string(),
  amountCents: z.number().int(),
  date: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  createdAt: z.string(),
});

export const invoiceSchema = z.object({
  _id: z.string(),
  number: z.string().nullable().describe('Null until issued'),
  status: z.enum(INVOICE_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable().describe('Null for a draft'),
  customer: z.object({ _id: z.string().nullable().describe('Null once the customer was deleted'), name: z.string(), email: z.string() }),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  currency: z.object({ symbol: z.string(), decimals: z.number().int() }),
  pricesIncludeTax: z.boolean(),
  lines: z.array(invoiceLineSchema),
  totals: documentTotalsSchema,
  notes: z.string(),
  creditedCents: z.number().int(),
  paidCents: z.number().int(),
  amountDueCents: z.number().int(),
  seller: sellerSchema.nullable().describe('The store details printed, kept as they were at issue'),
  mail: invoiceMailSchema.nullable().describe('The last mail of this invoice, or null'),
  sourceOrderId: z.string().nullable().describe('The order it bills; null when made by hand'),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: actorSchema.nullable().optional(),
  updatedBy: actorSchema.nullable().optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoiceLineAnswer = z.infer<typeof invoiceLineSchema>;
export type CreditNote = z.infer<typeof creditNoteSchema>;
export type Payment = z.infer<typeof paymentSchema>;

export const invoicePageSchema = z.object({
  items: z.array(invoiceSchema.omit({ lines: true, createdBy: true, updatedBy: true })),
  total: z.number().int().min(0),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type InvoicePage = z.infer<typeof invoicePageSchema>;
export type InvoiceSummary = InvoicePage['items'][number];

export const creditNoteListSchema = z.array(creditNoteSchema);
export const paymentListSchema = z.array(paymentSchema);
export const billingNumberingAnswerSchema = billingNumberingSchema;

/** GET /api/orders/{id}/invoicing: what of the order is invoiced, and by which invoices. */
export const orderInvoicingSchema = z.object({
  lines: z.array(
    z.object({
      lineId: z.string(),
      ordered: z.number().int().describe('Ordered less cancelled'),
      shipped: z.number().int(),
      returned: z.number().int().describe('Shipped and returned: not invoiced (a unit billed before it came back is credited)'),
      invoiced: z.number().int().describe('On invoices of this order, drafts included'),
      toInvoiceAll: z.number().int(),
      toInvoiceShipped: z.number().int(),
    }),
  ),
  invoices: z.array(z.object({ _id: z.string(), number: z.string().nullable(), status: z.enum(INVOICE_STATUSES), grossCents: z.number().int(), createdAt: z.string() })),
});
export type OrderInvoicing = z.infer<typeof orderInvoicingSchema>;
