import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CreditNote, Invoice, Payment } from '@inventory/contract/rules';
import type { ItemStatus } from '../../catalogue/loadStatus';
import type { Pricing } from '../../documents/pricing';
import type { CreditNoteBody, InvoiceBody, PaymentBody } from './invoicesApi';

/** What is being done to the shown invoice. */
export type InvoiceAction = 'issue' | 'delete' | 'send' | 'credit' | 'payment';

/**
 * Invoices (docs/decisions/0043, 0044): the store's pricing the form computes with, the form's save, and the invoice
 * the detail shows with its credit notes and payments and what is being done to it.
 */
export interface InvoicesState {
  pricing: Pricing | null;
  pricingStatus: 'idle' | 'loading' | 'loaded' | 'failed';
  pricingMessage: string;
  saving: boolean;
  invoice: Invoice | null;
  etag: string | null;
  creditNotes: CreditNote[];
  payments: Payment[];
  status: ItemStatus;
  message: string;
  acting: InvoiceAction | null;
  /** Counts what was done, so a dialog closes on the next one. */
  done: number;
}

export const initialInvoicesState: InvoicesState = {
  pricing: null,
  pricingStatus: 'idle',
  pricingMessage: '',
  saving: false,
  invoice: null,
  etag: null,
  creditNotes: [],
  payments: [],
  status: 'idle',
  message: '',
  acting: null,
  done: 0,
};

export interface InvoiceShown {
  invoice: Invoice;
  etag: string | null;
  creditNotes: CreditNote[];
  payments: Payment[];
}

const slice = createSlice({
  name: 'invoices',
  initialState: initialInvoicesState,
  reducers: {
    invoicePricingRequested(state) {
      if (state.pricingStatus !== 'loaded') state.pricingStatus = 'loading';
    },
    invoicePricingReceived(state, action: PayloadAction<Pricing>) {
      state.pricing = action.payload;
      state.pricingStatus = 'loaded';
    },
    invoicePricingFailed(state, action: PayloadAction<string>) {
      state.pricingStatus = 'failed';
      state.pricingMessage = action.payload;
    },
    invoiceRequested(state, action: PayloadAction<string>) {
      if (state.invoice?._id !== action.payload) {
        state.invoice = null;
        state.creditNotes = [];
        state.payments = [];
      }
      state.status = 'loading';
    },
    invoiceReceived(state, action: PayloadAction<InvoiceShown>) {
      Object.assign(state, action.payload);
      state.status = 'loaded';
    },
    invoiceNotFound(state, action: PayloadAction<string>) {
      state.status = 'notFound';
      state.message = action.payload;
    },
    invoiceLoadFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.message = action.payload;
    },
    invoiceCreateRequested(state, _action: PayloadAction<InvoiceBody>) {
      state.saving = true;
    },
    invoiceUpdateRequested(state, _action: PayloadAction<{ id: string; body: InvoiceBody }>) {
      state.saving = true;
    },
    invoiceSaved(state) {
      state.saving = false;
    },
    invoiceSaveFailed(state, _action: PayloadAction<string>) {
      state.saving = false;
    },
    issueRequested(state, _action: PayloadAction<string>) {
      state.acting = 'issue';
    },
    deleteRequested(state, _action: PayloadAction<string>) {
      state.acting = 'delete';
    },
    sendRequested(state, _action: PayloadAction<string>) {
      state.acting = 'send';
    },
    creditRequested(state, _action: PayloadAction<{ id: string; body: CreditNoteBody; key: string }>) {
      state.acting = 'credit';
    },
    paymentRequested(state, _action: PayloadAction<{ id: string; body: PaymentBody; key: string }>) {
      state.acting = 'payment';
    },
    invoiceActionDone(state) {
      state.acting = null;
      state.done += 1;
    },
    invoiceActionFailed(state, _action: PayloadAction<string>) {
      state.acting = null;
    },
  },
});

export const {
  invoicePricingRequested,
  invoicePricingReceived,
  invoicePricingFailed,
  invoiceRequested,
  invoiceReceived,
  invoiceNotFound,
  invoiceLoadFailed,
  invoiceCreateRequested,
  invoiceUpdateRequested,
  invoiceSaved,
  invoiceSaveFailed,
  issueRequested,
  deleteRequested,
  sendRequested,
  creditRequested,
  paymentRequested,
  invoiceActionDone,
  invoiceActionFailed,
} = slice.actions;

export const invoicesReducer = slice.reducer;
export const selectInvoices = (state: { invoices: InvoicesState }) => state.invoices;
