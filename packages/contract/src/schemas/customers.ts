import { z } from 'zod';
import { CUSTOMER_LIMITS } from '../constants';
import {
  CUSTOMER_FIELD_KEYS,
  CUSTOMER_FIELD_LABELS,
  CUSTOMER_SORTS,
  type CustomerField,
  type CustomerFields,
  customerValues,
  firstCustomerError,
  validateCustomerFields,
} from '../customers';
import type { CustomerImportMapping } from '../customers-csv';
import { MESSAGES } from '../messages';
import { archivableListQuerySchema, newestFirstPageQuerySchema } from './archivable-lists';
import { echoedFields, withoutEchoed } from './echoed-fields';
import { customerResponseSchema } from './customer-responses';
import { pageFields } from './lists';
import { parseFieldMapping, recordImportAnswers, recordImportQuerySchema } from './csv';
import { orderResponseSchema } from './responses';

/** The customer calls' requests and pages (the rules they run: customers.ts; the answers: customer-responses.ts). */

const field = (key: CustomerField) =>
  z.string({ error: MESSAGES.textRequired(CUSTOMER_FIELD_LABELS[key]) }).describe(`At most ${CUSTOMER_LIMITS[key]} characters`);

/** Each field as the form's rules check it (customers.ts), the first failing one answered. */
function customerRules(presentOnly: boolean) {
  return (body: Partial<CustomerFields>, ctx: z.RefinementCtx) => {
    const message = firstCustomerError(validateCustomerFields(body, { presentOnly }));
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}

const optionalFields = Object.fromEntries(CUSTOMER_FIELD_KEYS.map((key) => [key, field(key).optional()])) as Record<
  CustomerField,
  z.ZodOptional<z.ZodString>
>;

/** POST /api/customers (JSON): a name, and any of the other fields ('' or absent: none). */
export const customerSchema = z
  .strictObject({ ...optionalFields, name: z.string({ error: MESSAGES.nameRequired }).describe(`At most ${CUSTOMER_LIMITS.name} characters`) })
  .superRefine(customerRules(false))
  .transform((body) => customerValues(body));

/**
 * Read-only fields a customer answers. A client that edits by sending back the whole customer it fetched sends them
 * too: accepted and ignored, whatever their value. Creation stays strict.
 */
export const CUSTOMER_ECHOED_FIELDS = ['_id', 'archivedAt', 'createdAt', 'updatedAt', '__v', 'createdBy', 'updatedBy', 'orders'] as const;

/** PATCH /api/customers/{id} (JSON): the fields to change; one left out keeps its value. */
export const customerUpdateSchema = z
  .strictObject({ ...optionalFields, ...echoedFields(CUSTOMER_ECHOED_FIELDS) })
  .superRefine(customerRules(true))
  .transform((body) => {
    const sent = withoutEchoed(body, CUSTOMER_ECHOED_FIELDS);
    const values = customerValues(sent);
    return Object.fromEntries(CUSTOMER_FIELD_KEYS.filter((key) => sent[key] !== undefined).map((key) => [key, values[key]])) as Partial<CustomerFields>;
  });

/** `GET /api/customers`: a page of the store's customers (always a page; `limit` defaults to the spec's page size). */
export const customerListQuerySchema = archivableListQuerySchema('customers', CUSTOMER_SORTS, 'name, company, email or phone');

/** `GET /api/customers/{id}/orders`: a page of the customer's orders, newest first. */
export const customerOrdersQuerySchema = newestFirstPageQuerySchema;

export type CustomerBody = z.infer<typeof customerSchema>;
export type CustomerUpdateBody = z.infer<typeof customerUpdateSchema>;
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;
export type CustomerOrdersQuery = z.infer<typeof customerOrdersQuerySchema>;

export const customerPageSchema = z.object({ items: z.array(customerResponseSchema), ...pageFields });
export const customerOrderPageSchema = z.object({ items: z.array(orderResponseSchema), ...pageFields });

/** DELETE /api/customers/{id}: what happened (customerRemoval). */
export const customerRemovedSchema = z.object({
  message: z.string(),
  outcome: z.enum(['deleted', 'archived']).describe('deleted: they had no orders; archived: they have orders, which keep naming them'),
});
export type CustomerRemoved = z.infer<typeof customerRemovedSchema>;

/** The `mapping` part of POST /api/customers/import, once parsed from JSON: our customer field → the file's header. */
export const customerImportMappingSchema = z
  .partialRecord(z.enum(CUSTOMER_FIELD_KEYS), z.string().min(1))
  .describe("Our customer field → the file's header");

/**
 * The `mapping` part's text, parsed and checked: null when it is not JSON, not an object of our customer fields to
 * headers, or carries a key such as `__proto__` (the catalogue import's rule, csv.ts `hasOnlyFieldKeys`).
 */
export function parseCustomerImportMapping(text: string): CustomerImportMapping | null {
  return parseFieldMapping(text, CUSTOMER_FIELD_KEYS, customerImportMappingSchema);
}

/** 200 of POST /api/customers/import: written (a dry run: would be), and in a dry run how the file was read. */
const customerImportAnswers = recordImportAnswers('customers', 'Rows whose email names a customer of the store (whatever its case)');
export const customerImportResultSchema = customerImportAnswers.result;
export const customerImportCheckSchema = customerImportAnswers.check;
export type CustomerImportResult = z.infer<typeof customerImportResultSchema>;
export type CustomerImportCheck = z.infer<typeof customerImportCheckSchema>;

/** `?dryRun=1` of POST /api/customers/import. */
export const customerImportQuerySchema = recordImportQuerySchema;
