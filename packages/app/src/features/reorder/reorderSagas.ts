import {
  DEFAULT_EXPORT_CONTEXT,
  type ExportContext,
  exportFile,
  exportFileName,
  MAX_PAGE_LIMIT,
  type Page,
  type Product,
  REORDER_EXPORT_COLUMNS,
} from '@inventory/contract/rules';
import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { apiClient } from '../../api/client';
import { browserTimeZone } from '../../csv-links/timeZone';
import { reportFailure, reportLoadFailure } from '../../session/reportFailure';
import { toast } from '../../toasts/toastsSlice';
import {
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

export function* loadReorderSaga(): SagaIterator<void> {
  try {
    const page: Page<Product> = yield call(getLowStock, REORDER_PAGE_SIZE, null);
    yield put(reorderPageReceived({ page, more: false }));
  } catch (error) {
    yield* reportLoadFailure(error, reorderLoadFailed);
  }
}

export function* loadMoreReorderSaga(): SagaIterator<void> {
  const { next }: ReorderState = yield select(selectReorder);
  if (!next) return;
  try {
    const page: Page<Product> = yield call(getLowStock, REORDER_PAGE_SIZE, next);
    yield put(reorderPageReceived({ page, more: true }));
  } catch (error) {
    yield* reportFailure(error, { failedAction: reorderLoadFailed });
  }
}

/** The whole list, page after page from the server (never more than one page in flight), as one CSV download. */
export function* exportReorderSaga(): SagaIterator<void> {
  try {
    const rows: Product[] = [];
    let after: string | null = null;
    do {
      const page: Page<Product> = yield call(getLowStock, MAX_PAGE_LIMIT, after);
      rows.push(...page.items);
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

export function* reorderSagas(): SagaIterator<void> {
  yield all([
    takeLatest(reorderListRequested, loadReorderSaga),
    takeLeading(reorderMoreRequested, loadMoreReorderSaga),
    takeLeading(reorderExportRequested, exportReorderSaga),
  ]);
}
