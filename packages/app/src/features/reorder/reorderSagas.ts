import {
  DEFAULT_EXPORT_CONTEXT,
  type ExportContext,
  exportFile,
  exportFileName,
  MAX_PAGE_LIMIT,
  type OnOrder,
  type Page,
  type Product,
  REORDER_EXPORT_COLUMNS,
  type ReorderExportRow,
  type ReorderList,
  type ReorderSuggestionAnswer,
} from '@inventory/contract/rules';
import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { apiClient } from '../../api/client';
import { browserTimeZone } from '../../csv-links/timeZone';
import { reportFailure, reportLoadFailure } from '../../session/reportFailure';
import { navigateTo } from '../../navigation/navigateTo';
import { toast } from '../../toasts/toastsSlice';
import {
  orderTheseAnswered,
  orderTheseFailed,
  orderTheseRequested,
  reorderCountedReceived,
  reorderExportFinished,
  reorderExportRequested,
  reorderListRequested,
  reorderLoadFailed,
  reorderMoreRequested,
  reorderPageReceived,
  selectReorder,
  type ReorderState,
} from './reorderSlice';

export const REORDER_PAGE_SIZE = 25;

/** `GET /api/products?limit=…&stock=low`: products at or below their reorder point, a page at a time. */
export async function getLowStock(limit: number, after: string | null): Promise<Page<Product>> {
  const params: Record<string, string | number> = { limit, stock: 'low' };
  if (after) params.after = after;
  return (await apiClient.get<Page<Product>>('/api/products', { params })).data;
}

/** `GET /api/purchase-orders/reorder`: what is low counting what is on order, by name, `limit` from `skip`. */
export async function getReorderList(limit: number, skip: number): Promise<ReorderList> {
  return (await apiClient.get<ReorderList>('/api/purchase-orders/reorder', { params: { limit, skip } })).data;
}

/** `POST /api/purchase-orders/suggestions`: "Order these", one draft per preferred supplier. */
export async function suggestPurchaseOrders(productIds: string[]): Promise<ReorderSuggestionAnswer> {
  return (await apiClient.post<ReorderSuggestionAnswer>('/api/purchase-orders/suggestions', { productIds })).data;
}

/** What "Order these" says it made. */
export const ORDER_THESE_TEXT = {
  made: (count: number) => (count === 1 ? '1 draft purchase order made' : `${count} draft purchase orders made`),
  none: 'No purchase order made: the products chosen need nothing, or have no preferred supplier.',
} as const;

/** Where the CSV goes: a download in the browser (replaced in tests). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function* loadReorderSaga({ payload }: ReturnType<typeof reorderListRequested>): SagaIterator<void> {
  try {
    if (payload?.countsOnOrder) {
      const list: ReorderList = yield call(getReorderList, REORDER_PAGE_SIZE, 0);
      yield put(reorderCountedReceived({ list, more: false }));
      return;
    }
    const page: Page<Product> = yield call(getLowStock, REORDER_PAGE_SIZE, null);
    yield put(reorderPageReceived({ page, more: false }));
  } catch (error) {
    yield* reportLoadFailure(error, reorderLoadFailed);
  }
}

export function* loadMoreReorderSaga(): SagaIterator<void> {
  const { next, countsOnOrder }: ReorderState = yield select(selectReorder);
  if (!next) return;
  try {
    if (countsOnOrder) {
      const list: ReorderList = yield call(getReorderList, REORDER_PAGE_SIZE, Number(next));
      yield put(reorderCountedReceived({ list, more: true }));
      return;
    }
    const page: Page<Product> = yield call(getLowStock, REORDER_PAGE_SIZE, next);
    yield put(reorderPageReceived({ page, more: true }));
  } catch (error) {
    yield* reportFailure(error, { failedAction: reorderLoadFailed });
  }
}

/**
 * The whole list as the screen shows it, page after page from the server (never more than one page in flight), as one
 * CSV download. Counting what is on order (the roles that see it), a low product that what is on order covers is left
 * out, and each row says what is on order and when; "To order" is the one rule of the screen and "Order these".
 */
export function* exportReorderSaga(): SagaIterator<void> {
  try {
    const { countsOnOrder }: ReorderState = yield select(selectReorder);
    let onOrder: Map<string, OnOrder> | null = null;
    if (countsOnOrder) {
      onOrder = new Map();
      let total = 0;
      do {
        const list: ReorderList = yield call(getReorderList, MAX_PAGE_LIMIT, onOrder.size);
        for (const item of list.items) onOrder.set(item.product._id, item.onOrder);
        total = list.total;
        if (list.items.length === 0) break;
      } while (onOrder.size < total);
    }
    const rows: ReorderExportRow[] = [];
    let after: string | null = null;
    do {
      const page: Page<Product> = yield call(getLowStock, MAX_PAGE_LIMIT, after);
      for (const product of page.items) {
        if (onOrder === null) rows.push(product);
        else if (onOrder.has(product._id)) rows.push({ ...product, onOrder: onOrder.get(product._id)! });
      }
      after = page.next;
    } while (after);
    // The exports' one rule (contract csv-export.ts): BOM, numbers unquoted, the date in the name, the user's zone.
    const context: ExportContext = { timeZone: browserTimeZone() ?? DEFAULT_EXPORT_CONTEXT.timeZone };
    yield call(
      downloadCsv,
      exportFileName('to-reorder', new Date(), context.timeZone),
      exportFile(REORDER_EXPORT_COLUMNS, rows, context),
    );
    yield put(toast.success(`Exported ${rows.length} products to reorder`));
  } catch (error) {
    yield* reportFailure(error, { failedAction: () => reorderExportFinished() });
  } finally {
    yield put(reorderExportFinished());
  }
}

/**
 * "Order these": the drafts made, one per preferred supplier. When everything chosen went on a draft, the draft opens
 * (several: the drafts' list); else the page says what was made and what has no preferred supplier, and the list is
 * read again.
 */
export function* orderTheseSaga({ payload: productIds }: ReturnType<typeof orderTheseRequested>): SagaIterator<void> {
  try {
    const answer: ReorderSuggestionAnswer = yield call(suggestPurchaseOrders, productIds);
    yield put(orderTheseAnswered(answer));
    const made = answer.created.length;
    yield put(made === 0 ? toast.info(ORDER_THESE_TEXT.none) : toast.success(ORDER_THESE_TEXT.made(made)));
    if (made > 0 && answer.withoutSupplier.length === 0) {
      yield* navigateTo(made === 1 ? `/purchase-orders/${answer.created[0]!._id}` : '/purchase-orders?status=draft');
    }
  } catch (error) {
    yield* reportFailure(error, { failedAction: orderTheseFailed });
  }
}

export function* reorderSagas(): SagaIterator<void> {
  yield all([
    takeLeading(orderTheseRequested, orderTheseSaga),
    takeLatest(reorderListRequested, loadReorderSaga),
    takeLeading(reorderMoreRequested, loadMoreReorderSaga),
    takeLeading(reorderExportRequested, exportReorderSaga),
  ]);
}
