import { z } from 'zod';
import { MAX_QUANTITY } from '../constants';
import { MAX_MOVEMENT_ID } from '../lists';
import { MESSAGES } from '../messages';
import { CORRECTION_REASONS, correctionNoteProblem, MOVEMENT_REASONS } from '../stock';
import { queryText } from './query-text';
import { actorSchema } from './responses';

/** The stock ledger's answers and requests (the reasons are in stock.ts). */

export const movementResponseSchema = z.object({
  _id: z.string(),
  productId: z.uuid(),
  change: z.number().int().describe('Positive: stock came in; negative: it went out'),
  quantityAfter: z.number().int().min(0),
  reason: z.enum(MOVEMENT_REASONS),
  by: actorSchema.nullable().describe('Who made the change (a member, and the API token they used); null for the system'),
  orderId: z.uuid().nullable(),
  correctionReason: z.enum(CORRECTION_REASONS).nullable().describe('Why a correction was made; null for every other reason'),
  note: z.string().nullable().describe("What the member wrote with a correction; null when nothing"),
  createdAt: z.iso.datetime(),
});
export type Movement = z.infer<typeof movementResponseSchema>;

export const movementPageSchema = z.object({
  items: z.array(movementResponseSchema).describe('Newest first'),
  next: z.string().nullable().describe('Send as `after` for older movements; null when there are none'),
});
export type MovementPage = z.infer<typeof movementPageSchema>;

export const movementQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: MESSAGES.invalidListQuery })
    .int(MESSAGES.invalidListQuery)
    .min(1, MESSAGES.invalidListQuery)
    .max(100, MESSAGES.invalidListQuery)
    .default(10),
  after: queryText('Cursor')
    .regex(/^\d{1,10}$/, MESSAGES.invalidCursor)
    .refine((value) => Number(value) <= MAX_MOVEMENT_ID, MESSAGES.invalidCursor)
    .optional()
    .describe('`next` of the page before'),
});

/** POST /api/products/{id}/adjustments: a stock correction (a count, a breakage, goods found). */
export const stockAdjustmentSchema = z.strictObject({
  change: z
    .number({ error: MESSAGES.stockChangeInvalid })
    .int(MESSAGES.stockChangeInvalid)
    .min(-MAX_QUANTITY, MESSAGES.stockChangeInvalid)
    .max(MAX_QUANTITY, MESSAGES.stockChangeInvalid)
    .refine((value) => value !== 0, MESSAGES.stockChangeInvalid),
  reason: z
    .enum(CORRECTION_REASONS, { error: MESSAGES.correctionReasonInvalid })
    .optional()
    .describe("Why: count, damaged, lost, found, received or other; without it the correction is recorded as 'other'"),
  note: z
    .string({ error: MESSAGES.correctionNoteInvalid })
    .trim()
    .superRefine((value, ctx) => {
      const problem = correctionNoteProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .describe('One line, optional; an empty note is none'),
});
export type StockAdjustmentBody = z.infer<typeof stockAdjustmentSchema>;
