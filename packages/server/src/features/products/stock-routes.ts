import {
  type CorrectionReason,
  DEFAULT_CORRECTION_REASON,
  MESSAGES,
  type Movement,
  type MovementPage,
  type MovementReason,
  movementQuerySchema,
  stockAdjustmentSchema,
} from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError, parse } from '../../http/errors';
import { InsufficientStockError, moveStock } from '../../stock/ledger';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import { productId } from './product-id';

export interface StockRoutesOptions {
  access: StoreAccessDeps;
  db: Db;
  now: () => Date;
}

/**
 * A product's stock history, newest first, paged by movement id (`GET /api/products/:id/movements`), and stock
 * corrections (`POST /api/products/:id/adjustments`), which go through the ledger like every other change.
 */
export async function productStockRoutes(app: FastifyInstance, { access, db, now }: StockRoutesOptions) {
  app.get('/:id/movements', { preHandler: requireStore(access, 'catalogue:read') }, async (request): Promise<MovementPage> => {
    const id = productId(request);
    const { storeId } = storeOf(request);
    const query = parse(movementQuerySchema, request.query);
    const product = await db.selectFrom('products').select('id').where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
    if (!product) throw new HttpError(404, MESSAGES.productNotFound);
    let select = db.selectFrom('stock_movements').selectAll().where('product_id', '=', id).where('store_id', '=', storeId);
    if (query.after) select = select.where('id', '<', Number(query.after));
    const rows = await select.orderBy('id', 'desc').limit(query.limit + 1).execute();
    const page = rows.slice(0, query.limit);
    const names = await actorNames(db, page);
    return {
      items: page.map(
        (row): Movement => ({
          _id: String(row.id),
          productId: row.product_id,
          change: Number(row.change),
          quantityAfter: Number(row.quantity_after),
          reason: row.reason as MovementReason,
          by: row.user_id === null ? null : { name: names.users.get(row.user_id) ?? MESSAGES.formerMember, token: row.token_id === null ? null : (names.tokens.get(row.token_id) ?? null) },
          orderId: row.order_id,
          correctionReason: row.correction_reason as CorrectionReason | null,
          note: row.note,
          createdAt: row.created_at,
        }),
      ),
      next: rows.length > query.limit ? String(page.at(-1)!.id) : null,
    };
  });

  app.post('/:id/adjustments', { preHandler: requireStore(access, 'catalogue:update') }, async (request) => {
    const id = productId(request);
    const store = storeOf(request);
    const { change, reason, note } = parse(stockAdjustmentSchema, request.body);
    // Without a reason (a client written before reasons): 'other'. An empty note is none.
    const correction = { reason: reason ?? DEFAULT_CORRECTION_REASON, note: note ? note : null };
    try {
      const after = await writeTransaction(db, (trx) =>
        moveStock(trx, { storeId: store.storeId, productId: id, change, reason: 'correction', correction, actor: store.actor, at: now() }),
      );
      return { message: MESSAGES.stockAdjusted, quantity: after.quantity };
    } catch (error) {
      // Taking out more than there is: a correction says what is in stock.
      if (error instanceof InsufficientStockError) throw new HttpError(409, MESSAGES.stockWouldBeNegative(error.available));
      throw error;
    }
  });
}

/** The names of the members and tokens a page of movements mentions, in two reads. */
async function actorNames(db: Db, rows: { user_id: string | null; token_id: string | null }[]) {
  const userIds = [...new Set(rows.map((row) => row.user_id).filter((id): id is string => id !== null))];
  const tokenIds = [...new Set(rows.map((row) => row.token_id).filter((id): id is string => id !== null))];
  const [users, tokens] = await Promise.all([
    userIds.length ? db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute() : [],
    tokenIds.length ? db.selectFrom('api_tokens').select(['id', 'name']).where('id', 'in', tokenIds).execute() : [],
  ]);
  return { users: new Map(users.map((u) => [u.id, u.name])), tokens: new Map(tokens.map((t) => [t.id, t.name])) };
}

