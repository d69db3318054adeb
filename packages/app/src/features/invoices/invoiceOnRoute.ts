import { BILLING_MESSAGES } from '@inventory/contract/rules';
import type { InvoicesState } from './invoicesSlice';
import { invoiceRequested } from './invoicesSlice';

type WithInvoices = { invoices: InvoicesState };

/** The invoice named by /invoices/:id and its edit, for `useRouteItem`. */
export const INVOICE_ON_ROUTE = {
  requested: invoiceRequested,
  selectItem: (state: WithInvoices) => state.invoices.invoice,
  selectStatus: (state: WithInvoices) => state.invoices.status,
  selectMessage: (state: WithInvoices) => state.invoices.message,
};

export const INVOICE_LOAD_TEXTS = {
  loadingLabel: 'Loading invoice',
  notFoundText: BILLING_MESSAGES.invoiceNotFound,
  backHref: '/invoices',
  backLabel: 'Back to the invoices',
};
