import { call, put, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { apiClient } from '../../api/client';
import { reportLoadFailure } from '../../session/reportFailure';
import { type BillReports, billReportsFailed, billReportsReceived, billReportsRequested, type ReportPeriod } from './billReportsSlice';

/** The best-selling products the screen charts and lists; the CSV has them all. */
export const TOP_PRODUCTS = 10;

/** `GET /api/reports/...`: the five reports of the period, at once (the products' top ten, each age's first invoices). */
export async function getBillReports({ from, to, groupBy }: ReportPeriod): Promise<BillReports> {
  const get = async <T>(path: string, params: Record<string, string>) => (await apiClient.get<T>(`/api/reports/${path}`, { params })).data;
  const [sales, products, taxes, receivables, stockValue] = await Promise.all([
    get<BillReports['sales']>('sales', { from, to, groupBy }),
    get<BillReports['products']>('sales', { from, to, groupBy: 'product', limit: String(TOP_PRODUCTS) }),
    get<BillReports['taxes']>('taxes', { from, to, groupBy: 'month' }),
    get<BillReports['receivables']>('receivables', { asOf: to }),
    get<BillReports['stockValue']>('stock-value', { from, to, groupBy }),
  ]);
  return { sales, products, taxes, receivables, stockValue };
}

function* loadBillReports(action: ReturnType<typeof billReportsRequested>): SagaIterator {
  try {
    const reports: BillReports = yield call(getBillReports, action.payload);
    yield put(billReportsReceived(reports));
  } catch (error) {
    yield* reportLoadFailure(error, billReportsFailed);
  }
}

export function* billReportsSagas(): SagaIterator {
  yield takeLatest(billReportsRequested.type, loadBillReports);
}
