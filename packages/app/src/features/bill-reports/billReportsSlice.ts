import type { ReceivablesReport, ReportTimeGroup, SalesReport, StockValueReport, TaxReport } from '@inventory/contract/rules';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The period and grouping the screen asks for: both days included, YYYY-MM-DD. */
export interface ReportPeriod {
  from: string;
  to: string;
  groupBy: ReportTimeGroup;
}

export interface BillReports {
  sales: SalesReport;
  products: SalesReport;
  taxes: TaxReport;
  receivables: ReceivablesReport;
  stockValue: StockValueReport;
}

export interface BillReportsState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  period: ReportPeriod | null;
  reports: BillReports | null;
  message: string;
}

const initialState: BillReportsState = { status: 'idle', period: null, reports: null, message: '' };

/** Bill Reports (/bill-reports): the five reports of one period, asked for together. */
const billReportsSlice = createSlice({
  name: 'billReports',
  initialState,
  reducers: {
    billReportsRequested(state, action: PayloadAction<ReportPeriod>) {
      state.status = 'loading';
      state.period = action.payload;
      state.message = '';
    },
    billReportsReceived(state, action: PayloadAction<BillReports>) {
      state.status = 'loaded';
      state.reports = action.payload;
    },
    billReportsFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.message = action.payload;
    },
  },
});

export const { billReportsRequested, billReportsReceived, billReportsFailed } = billReportsSlice.actions;
export const billReportsReducer = billReportsSlice.reducer;
export const selectBillReports = (state: { billReports: BillReportsState }) => state.billReports;
