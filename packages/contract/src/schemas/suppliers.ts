import { z } from 'zod';
import { MAX_PRICE, MAX_QUANTITY, SUPPLIER_LEAD_TIME_MAX_DAYS, SUPPLIER_LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { PRODUCT_SUPPLIER_LABELS, validateProductSupplierFields, type ProductSupplierFields } from '../product-suppliers';
import {
  firstSupplierError,
  SUPPLIER_FIELD_KEYS,
  SUPPLIER_FIELD_LABELS,
  SUPPLIER_SORTS,
  SUPPLIER_TEXT_FIELD_KEYS,
  type SupplierFields,
  type SupplierTextField,
  supplierValues,
  validateSupplierFields,
} from '../suppliers';
import type { SupplierImportMapping } from '../suppliers-csv';
import { parseFieldMapping, recordImportAnswers, recordImportQuerySchema } from './csv';
import { archivableListQuerySchema, newestFirstPageQuerySchema } from './archivable-lists';
import { echoedFields, withoutEchoed } from './echoed-fields';
import { pageFields } from './lists';
import { productSupplierSchema, supplierResponseSchema } from './supplier-responses';

/** The supplier calls' requests and pages (the rules they run: suppliers.ts, product-suppliers.ts). */

const textField = (key: SupplierTextField) =>
  z.string({ error: MESSAGES.textRequired(SUPPLIER_FIELD_LABELS[key]) }).describe(`At most ${SUPPLIER_LIMITS[key]} characters`);
const leadTimeField = z
  .number({ error: MESSAGES.leadTimeInvalid })
  .nullable()
  .describe(`Whole days from 0 to ${SUPPLIER_LEAD_TIME_MAX_DAYS}; null for none`);

const optionalFields = {
  ...(Object.fromEntries(SUPPLIER_TEXT_FIELD_KEYS.map((key) => [key, textField(key).optional()])) as Record<SupplierTextField, z.ZodOptional<z.ZodString>>),
  leadTimeDays: leadTimeField.optional(),
};

/** Each field as the form's rules check it (suppliers.ts), the first failing one answered. */
function supplierRules(presentOnly: boolean) {
  return (body: Partial<SupplierFields>, ctx: z.RefinementCtx) => {
    const message = firstSupplierError(validateSupplierFields(body, { presentOnly }));
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}

/** POST /api/suppliers (JSON): a name, and any of the other fields ('' or absent: none; a lead time null or absent: none). */
export const supplierSchema = z
  .strictObject({ ...optionalFields, name: z.string({ error: MESSAGES.nameRequired }).describe(`At most ${SUPPLIER_LIMITS.name} characters; unique in the store whatever its case`) })
  .superRefine(supplierRules(false))
  .transform((body) => supplierValues(body));

/** Read-only fields a supplier answers: accepted when sent back on an edit, and ignored. */
export const SUPPLIER_ECHOED_FIELDS = ['_id', 'archivedAt', 'createdAt', 'updatedAt', '__v', 'createdBy', 'updatedBy', 'products'] as const;

/** PATCH /api/suppliers/{id} (JSON): the fields to change; one left out keeps its value. */
export const supplierUpdateSchema = z
  .strictObject({ ...optionalFields, ...echoedFields(SUPPLIER_ECHOED_FIELDS) })
  .superRefine(supplierRules(true))
  .transform((body) => {
    const sent = withoutEchoed(body, SUPPLIER_ECHOED_FIELDS);
    const values = supplierValues(sent);
    return Object.fromEntries(SUPPLIER_FIELD_KEYS.filter((key) => sent[key] !== undefined).map((key) => [key, values[key]])) as Partial<SupplierFields>;
  });

/** `GET /api/suppliers`: a page of the store's suppliers (always a page; `limit` defaults to the spec's page size). */
export const supplierListQuerySchema = archivableListQuerySchema('suppliers', SUPPLIER_SORTS, 'name, contact, email or phone');

/** `GET /api/suppliers/{id}/products`: a page of the products that name the supplier, the links made last first. */
export const supplierProductsQuerySchema = newestFirstPageQuerySchema;

export type SupplierBody = z.infer<typeof supplierSchema>;
export type SupplierUpdateBody = z.infer<typeof supplierUpdateSchema>;
export type SupplierListQuery = z.infer<typeof supplierListQuerySchema>;
export type SupplierProductsQuery = z.infer<typeof supplierProductsQuerySchema>;

export const supplierPageSchema = z.object({ items: z.array(supplierResponseSchema), ...pageFields });
export const productSupplierPageSchema = z.object({ items: z.array(productSupplierSchema), ...pageFields });
export const productSupplierListSchema = z.array(productSupplierSchema).describe('The preferred supplier first, then by name');

/** DELETE /api/suppliers/{id}: what happened (supplierRemoval). */
export const supplierRemovedSchema = z.object({
  message: z.string(),
  outcome: z.enum(['deleted', 'archived']).describe('deleted: no product named them; archived: products name them, and keep doing so'),
});
export type SupplierRemoved = z.infer<typeof supplierRemovedSchema>;

/* A product's suppliers */

const linkFields = {
  partNumber: z
    .string({ error: MESSAGES.textRequired(PRODUCT_SUPPLIER_LABELS.partNumber) })
    .describe(`The supplier's own code for the product, at most ${SUPPLIER_LIMITS.partNumber} characters; '' for none`),
  packSize: z.number({ error: MESSAGES.packSizeInvalid }).describe(`Units per pack, a whole number from 1 to ${MAX_QUANTITY}`),
  lastCost: z.number({ error: MESSAGES.lastCostInvalid }).nullable().describe(`Cost per unit, at most 2 decimals, 0 to ${MAX_PRICE}; null for none`),
  preferred: z.boolean({ error: MESSAGES.preferredInvalid }).describe("The product's preferred supplier: setting it takes the flag from the product's other supplier"),
};

function linkRules(body: Partial<ProductSupplierFields>, ctx: z.RefinementCtx) {
  const errors = validateProductSupplierFields(body);
  const message = errors.partNumber ?? errors.packSize ?? errors.lastCost;
  if (message) ctx.addIssue({ code: 'custom', message });
}
const trimmedLink = <T extends Partial<ProductSupplierFields>>(body: T): T =>
  body.partNumber === undefined ? body : { ...body, partNumber: body.partNumber.trim() };

/** POST /api/products/{id}/suppliers: a supplier of the store for the product, and the link's fields (absent: defaults). */
export const productSupplierCreateSchema = z
  .strictObject({
    supplierId: z.uuid({ error: MESSAGES.supplierNotFound }).describe("One of the store's suppliers who is not archived"),
    partNumber: linkFields.partNumber.optional(),
    packSize: linkFields.packSize.optional(),
    lastCost: linkFields.lastCost.optional(),
    preferred: linkFields.preferred.optional().describe("Absent: preferred when the product has no preferred supplier yet"),
  })
  .superRefine(linkRules)
  .transform(trimmedLink);

/** PUT /api/products/{id}/suppliers/{supplierId}: the link's fields to set (absent: kept, or a new link's default). */
export const productSupplierPutSchema = z
  .strictObject({
    partNumber: linkFields.partNumber.optional(),
    packSize: linkFields.packSize.optional(),
    lastCost: linkFields.lastCost.optional(),
    preferred: linkFields.preferred.optional(),
    // Read-only fields a link answers, sent back when a client edits the object it fetched.
    ...echoedFields(['product', 'supplier', 'createdAt', 'updatedAt'] as const),
  })
  .superRefine(linkRules)
  .transform((body) => trimmedLink(withoutEchoed(body, ['product', 'supplier', 'createdAt', 'updatedAt'] as const)));

export type ProductSupplierCreateBody = z.infer<typeof productSupplierCreateSchema>;
export type ProductSupplierPutBody = z.infer<typeof productSupplierPutSchema>;

/** The path of one link: the product's and the supplier's ids. */
export const productSupplierParamsSchema = z.strictObject({
  id: z.uuid({ error: MESSAGES.productNotFound }),
  supplierId: z.uuid({ error: MESSAGES.productSupplierNotFound }),
});

/* CSV */

/** The `mapping` part of POST /api/suppliers/import, once parsed from JSON: our supplier field → the file's header. */
export const supplierImportMappingSchema = z.partialRecord(z.enum(SUPPLIER_FIELD_KEYS), z.string().min(1)).describe("Our supplier field → the file's header");

/** The `mapping` part's text, parsed and checked (csv.ts parseFieldMapping). */
export function parseSupplierImportMapping(text: string): SupplierImportMapping | null {
  return parseFieldMapping(text, SUPPLIER_FIELD_KEYS, supplierImportMappingSchema);
}

const supplierImportAnswers = recordImportAnswers('suppliers', 'Rows whose name names a supplier of the store (whatever its case)');
export const supplierImportResultSchema = supplierImportAnswers.result;
export const supplierImportCheckSchema = supplierImportAnswers.check;
export type SupplierImportResult = z.infer<typeof supplierImportResultSchema>;
export type SupplierImportCheck = z.infer<typeof supplierImportCheckSchema>;
export const supplierImportQuerySchema = recordImportQuerySchema;
