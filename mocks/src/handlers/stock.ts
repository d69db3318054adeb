import {
  MESSAGES,
  firstIssueMessage,
  idParamsSchema,
  movementQuerySchema,
  stockAdjustmentSchema,
  stockChangeOutOfRange,
  toCents,
  DEFAULT_CORRECTION_REASON,
  type CorrectionReason,
  type Movement,
  type MovementPage,
  type MovementReason,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import {
  mockDb,
  notifyMockDbChange,
  stampChange,
  toActor,
  type StoredActor,
  type StoredMovement,
  type StoredProduct,
} from '../db';
import { api, errorResponse, readJsonBody } from '../http';
import { requireStore } from '../store-auth';

/**
 * The mock's stock ledger, with the server's rules (stock/ledger.ts): every change of a product's quantity goes
 * through `moveMockStock`, which refuses to go below 0 and records a movement with who and why.
 */

function nextMovementId(): string {
  const last = mockDb.movements.at(-1);
  return String(last ? Number(last._id) + 1 : 1);
}

/** Records a movement of `change` that left the product at `quantityAfter`. */
export function recordMovement(
  product: StoredProduct,
  change: number,
  reason: MovementReason,
  actor: StoredActor | null,
  orderId: string | null = null,
  at = new Date().toISOString(),
  correction: { reason: CorrectionReason; note: string | null } | null = null,
): StoredMovement {
  const movement: StoredMovement = {
    _id: nextMovementId(),
    storeId: product.storeId,
    productId: product._id,
    change,
    quantityAfter: product.quantity,
    reason,
    actor,
    orderId,
    // A sale's movement keeps the product's cost then, as the server's ledger (0045).
    ...(reason.startsWith('order_') && product.cost !== null && product.cost !== undefined ? { unitCostCents: toCents(product.cost) } : {}),
    correctionReason: correction?.reason ?? null,
    note: correction?.note ?? null,
    createdAt: at,
  };
  mockDb.movements.push(movement);
  return movement;
}

export type StockMove = { ok: true; quantity: number } | { ok: false; available: number; aboveLimit: boolean };

/**
 * Moves a product's stock by `change` (negative: out) and records the movement; refused (nothing changes) when it
 * would leave the contract's range (below 0, above MAX_QUANTITY). A stock move is a change of the product by `actor`
 * (stampChange: version, who, when), as on the server; `bumpVersion` false when the caller stamps it itself (an edit).
 */
export function moveMockStock(
  product: StoredProduct,
  change: number,
  reason: MovementReason,
  actor: StoredActor,
  orderId: string | null = null,
  bumpVersion = true,
  correction: { reason: CorrectionReason; note: string | null } | null = null,
): StockMove {
  const outOfRange = stockChangeOutOfRange(product.quantity, change);
  if (outOfRange) return { ok: false, available: product.quantity, aboveLimit: outOfRange === 'above' };
  product.quantity += change;
  const at = new Date().toISOString();
  if (bumpVersion) stampChange(product, actor, at);
  recordMovement(product, change, reason, actor, orderId, at, correction);
  return { ok: true, quantity: product.quantity };
}

/** Seeds movements for a product (stories, tests): `quantityAfter` as given, newest last. */
export function seedMovements(
  productId: string,
  list: readonly (Omit<Movement, '_id' | 'productId' | 'correctionReason' | 'note'> & Partial<Pick<Movement, 'correctionReason' | 'note'>>)[],
): void {
  const product = mockDb.products.find((p) => p._id === productId);
  if (!product) throw new Error(`No product ${productId}`);
  mockDb.movements = mockDb.movements.filter((m) => m.productId !== productId);
  for (const item of list) {
    const user = item.by ? mockDb.users.find((u) => u.name === item.by!.name) : undefined;
    mockDb.movements.push({
      _id: nextMovementId(),
      storeId: product.storeId,
      productId,
      change: item.change,
      quantityAfter: item.quantityAfter,
      reason: item.reason,
      actor: user ? { userId: user._id, token: item.by!.token } : null,
      orderId: item.orderId,
      correctionReason: item.correctionReason ?? (item.reason === 'correction' ? DEFAULT_CORRECTION_REASON : null),
      note: item.note ?? null,
      createdAt: item.createdAt,
    });
  }
  notifyMockDbChange();
}

function ownProduct(id: string | undefined, storeId: string): StoredProduct | undefined {
  if (!idParamsSchema.safeParse({ id }).success) return undefined;
  return mockDb.products.find((p) => p._id === id && p.storeId === storeId);
}

function toMovement(stored: StoredMovement): Movement {
  return {
    _id: stored._id,
    productId: stored.productId,
    change: stored.change,
    quantityAfter: stored.quantityAfter,
    reason: stored.reason,
    by: toActor(stored.actor),
    orderId: stored.orderId,
    correctionReason: stored.correctionReason ?? null,
    note: stored.note ?? null,
    createdAt: stored.createdAt,
  };
}

/** A product's stock history (newest first, paged by movement id) and stock corrections. */
export const stockHandlers = [
  http.get<{ id: string }>(api('/products/:id/movements'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    const query = movementQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return errorResponse(400, firstIssueMessage(query.error));
    const product = ownProduct(params.id, auth.store._id);
    if (!product) return errorResponse(404, MESSAGES.productNotFound);
    const { limit, after } = query.data;
    const all = mockDb.movements
      .filter((m) => m.productId === product._id && (after === undefined || Number(m._id) < Number(after)))
      .sort((a, b) => Number(b._id) - Number(a._id));
    const page = all.slice(0, limit);
    const answer: MovementPage = {
      items: page.map(toMovement),
      next: all.length > limit ? page.at(-1)!._id : null,
    };
    return HttpResponse.json(answer);
  }),

  http.post<{ id: string }>(api('/products/:id/adjustments'), async ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:update');
    if (!auth.ok) return auth.response;
    const product = ownProduct(params.id, auth.store._id);
    if (!product) return errorResponse(404, MESSAGES.productNotFound);
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = stockAdjustmentSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const { change, reason, note } = parsed.data;
    const correction = { reason: reason ?? DEFAULT_CORRECTION_REASON, note: note ? note : null };
    const moved = moveMockStock(product, change, 'correction', auth.actor, null, true, correction);
    if (!moved.ok) return errorResponse(409, moved.aboveLimit ? MESSAGES.stockAboveLimit(moved.available) : MESSAGES.stockWouldBeNegative(moved.available));
    notifyMockDbChange();
    return HttpResponse.json({ message: MESSAGES.stockAdjusted, quantity: moved.quantity });
  }),
];
