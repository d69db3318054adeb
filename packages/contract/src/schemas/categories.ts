import { z } from 'zod';
import { validateCategoryName } from '../catalogue';
import { CATEGORY_LIST_MAX, IMPORT_MAX_CATEGORY_MAPPINGS } from '../categories';
import { LIMITS } from '../constants';
import { SEARCH_MAX_LENGTH } from '../lists';
import { MESSAGES } from '../messages';
import { queryText } from './query-text';

/** The category calls' requests and answers (their rules: categories.ts; docs/decisions/0032-categories.md). */

export const categoryResponseSchema = z
  .object({
    _id: z.uuid(),
    name: z.string().max(LIMITS.category).describe('Its spelling: what its products answer as their `category`'),
    products: z.number().int().min(0).describe('How many of the store\'s products are in it'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({
    examples: [{ _id: '5f1d7c3a-2b4e-4c6d-8e9f-0a1b2c3d4e5f', name: 'Laptops', products: 42, createdAt: '2024-03-01T10:00:00.000Z', updatedAt: '2024-03-01T10:00:00.000Z' }],
  });
export type Category = z.infer<typeof categoryResponseSchema>;

/** `GET /api/categories`. */
export const categoryListQuerySchema = z.strictObject({
  q: queryText('Search')
    .max(SEARCH_MAX_LENGTH, MESSAGES.invalidListQuery)
    .transform((value) => value.trim())
    .optional()
    .describe('Only categories whose name contains it, whatever its case and accents'),
  limit: z.coerce
    .number({ error: MESSAGES.invalidListQuery })
    .int(MESSAGES.invalidListQuery)
    .min(1, MESSAGES.invalidListQuery)
    .max(CATEGORY_LIST_MAX, MESSAGES.invalidListQuery)
    .optional()
    .describe(`At most this many (1–${CATEGORY_LIST_MAX}); absent: ${CATEGORY_LIST_MAX}`),
});
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;

export const categoryListAnswerSchema = z.object({
  items: z.array(categoryResponseSchema).max(CATEGORY_LIST_MAX).describe('In order of their names, whatever their case and accents'),
  total: z.number().int().min(0).describe('How many match, beyond `limit` too'),
});
export type CategoryListAnswer = z.infer<typeof categoryListAnswerSchema>;

/** PATCH /api/categories/{id} (JSON). */
export const categoryRenameSchema = z
  .strictObject({ name: z.string({ error: MESSAGES.categoryRequired }).describe(`One line, at most ${LIMITS.category} characters`) })
  .superRefine((body, ctx) => {
    const problem = validateCategoryName(body.name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((body) => ({ name: body.name.trim() }));
export type CategoryRenameBody = z.infer<typeof categoryRenameSchema>;

/** POST /api/categories/{id}/merge (JSON). */
export const categoryMergeSchema = z.strictObject({
  into: z.uuid({ error: MESSAGES.categoryMergeTargetNotFound }).describe('The `_id` of the category its products move to'),
});
export type CategoryMergeBody = z.infer<typeof categoryMergeSchema>;

export const categoryMergedSchema = z.object({
  message: z.string(),
  moved: z.number().int().min(0).describe('How many products moved'),
  into: categoryResponseSchema.describe('The category they moved to, with its new count'),
});
export type CategoryMerged = z.infer<typeof categoryMergedSchema>;

/** What a dry run of the product import says of the file's categories (createCategoryReport). */
export const importCategoryFields = {
  categories: z
    .array(
      z.object({
        written: z.string().describe('As the file writes it'),
        category: z.string().describe('The category its rows go to'),
        existing: z.boolean().describe('The store has it already (else the import makes it)'),
      }),
    )
    .max(IMPORT_MAX_CATEGORY_MAPPINGS)
    .describe(
      `Spellings of the file that go to a category of another spelling ("laptops" → "Laptops"), and the categories it would make, the first ${IMPORT_MAX_CATEGORY_MAPPINGS}`,
    ),
  categoriesMapped: z.number().int().min(0).describe('Spellings that go to a category of another spelling'),
  categoriesCreated: z.number().int().min(0).describe('Categories the import would make'),
};
