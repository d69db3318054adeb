import { z } from 'zod';
import { fieldText, validateItemFields } from '../catalogue';
import { MESSAGES } from '../messages';
import { BULK_ACTIONS, BULK_LIMIT } from '../product-archive';
import { productFilterFields } from './lists';

/** The archive's and the bulk actions' requests and answers (docs/decisions/0033-archived-products-and-bulk-actions.md). */

/** GET /api/products/{id}/removal: what deleting the product would do, and why. */
export const productRemovalSchema = z.object({
  outcome: z.enum(['delete', 'archive']).describe('delete: it has no history; archive: orders name it or its stock moved since it was made'),
  orders: z.number().int().min(0).describe('Orders naming the product, whatever their status'),
  movements: z.number().int().min(0).describe('Stock movements besides its opening one'),
});
export type ProductRemovalAnswer = z.infer<typeof productRemovalSchema>;

/** The products a bulk action names by the list's own filters and search, instead of ids. */
export const productMatchingSchema = z.strictObject(productFilterFields).describe("The list's search and filters, as its query sends them");
export type ProductMatching = z.infer<typeof productMatchingSchema>;

/** A category for a bulk set-category: the product form's rule for the field (validateItemFields), trimmed as it trims. */
const bulkCategory = z
  .string({ error: MESSAGES.categoryRequired })
  .superRefine((category, ctx) => {
    const message = validateItemFields({ name: 'x', category, price: '0', quantity: '0' }).category;
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((category) => fieldText(category));

/** Ids are checked for their count by the service (413 over BULK_LIMIT); this bounds what is parsed at all. */
const PARSED_IDS = BULK_LIMIT * 5;

/** POST /api/products/bulk: one action on the products named by `ids` or by `matching`, all or nothing. */
export const productBulkSchema = z
  .strictObject({
    action: z.enum(BULK_ACTIONS, { error: MESSAGES.bulkActionInvalid }).describe('set-category (needs `category`) or archive (each product deleted or archived as a single delete would)'),
    category: bulkCategory.optional().describe('The category set-category gives every product'),
    ids: z.array(z.uuid({ error: MESSAGES.productNotFound })).max(PARSED_IDS, MESSAGES.bulkTooMany(BULK_LIMIT)).optional().describe(`The products, by \`_id\` (at most ${BULK_LIMIT})`),
    matching: productMatchingSchema.optional().describe(`Every product the list query names (at most ${BULK_LIMIT})`),
  })
  .refine((body) => (body.ids === undefined) !== (body.matching === undefined), MESSAGES.bulkChoiceInvalid)
  .refine((body) => body.action !== 'set-category' || body.category !== undefined, MESSAGES.categoryRequired);
export type ProductBulkBody = z.infer<typeof productBulkSchema>;

/** What a bulk action changed: how many products, and for archive which were archived and which deleted. */
export const productBulkResultSchema = z.object({
  message: z.string(),
  changed: z.number().int().min(0),
  archived: z.array(z.uuid()).optional().describe('archive: the products archived (they had a history)'),
  deleted: z.array(z.uuid()).optional().describe('archive: the products deleted (they had none)'),
});
export type ProductBulkResult = z.infer<typeof productBulkResultSchema>;
