import { useCallback, useMemo } from 'react';
import { PageHeader } from '@inventory/ui';
import { ItemLoadState } from '../../catalogue/ItemLoadState';
import { useRouteItem } from '../../catalogue/useRouteItem';
import type { FormLine } from '../../documents/documentLinesForm';
import { RequirePermission } from '../../membership/RequirePermission';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch } from '../../store/hooks';
import { INVOICE_LOAD_TEXTS, INVOICE_ON_ROUTE } from './invoiceOnRoute';
import type { InvoiceBody } from './invoicesApi';
import { invoiceUpdateRequested } from './invoicesSlice';
import { InvoiceForm } from './InvoiceForm';

/** /invoices/:id/edit: a draft's customer, lines (unless it bills an order) and notes, at the version read. */
export function EditInvoicePage() {
  usePageTitle('Edit Invoice');
  const dispatch = useAppDispatch();
  const { item: invoice, status, message, reload } = useRouteItem(INVOICE_ON_ROUTE);
  const lines = useMemo(
    (): FormLine[] =>
      (invoice?.lines ?? []).map((line, i) => ({
        key: `invoice-line-${i}`,
        lineId: null,
        productId: line.productId,
        description: line.description,
        sku: '',
        quantity: String(line.quantity),
        unitPrice: String(line.unitPrice),
        discountPercent: line.discountPercent === 0 ? '' : String(line.discountPercent),
        taxRateId: line.taxRateId ?? '',
        shipped: 0,
      })),
    [invoice],
  );
  const id = invoice?._id;
  const onSubmit = useCallback((body: InvoiceBody) => id && dispatch(invoiceUpdateRequested({ id, body })), [dispatch, id]);
  return (
    <div>
      <PageHeader title="Edit Invoice" />
      <RequirePermission permission="invoices:write" backHref="/invoices" backLabel="Back to the invoices">
        {invoice ? (
          <InvoiceForm
            key={invoice._id}
            initialLines={lines}
            initialCustomer={invoice.customer._id ? { _id: invoice.customer._id, name: invoice.customer.name } : null}
            initialNotes={invoice.notes}
            linesLocked={invoice.sourceOrderId !== null}
            submitLabel="Save draft"
            onSubmit={onSubmit}
          />
        ) : (
          <ItemLoadState {...INVOICE_LOAD_TEXTS} status={status} message={message} onRetry={reload} />
        )}
      </RequirePermission>
    </div>
  );
}
