import { useCallback, useState } from 'react';
import { PageHeader } from '@inventory/ui';
import { RequirePermission } from '../../membership/RequirePermission';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch } from '../../store/hooks';
import type { FormLine } from '../../documents/documentLinesForm';
import type { InvoiceBody } from './invoicesApi';
import { invoiceCreateRequested } from './invoicesSlice';
import { InvoiceForm } from './InvoiceForm';

/** /invoices/new: a draft invoice by hand; saved, its detail opens (where it is issued). */
export function NewInvoicePage() {
  usePageTitle('New Invoice');
  const dispatch = useAppDispatch();
  const [initialLines] = useState<FormLine[]>([]);
  const onSubmit = useCallback((body: InvoiceBody) => dispatch(invoiceCreateRequested(body)), [dispatch]);
  return (
    <div>
      <PageHeader title="New Invoice" />
      <RequirePermission permission="invoices:write" backHref="/invoices" backLabel="Back to the invoices">
        <InvoiceForm initialLines={initialLines} submitLabel="Save draft" onSubmit={onSubmit} />
      </RequirePermission>
    </div>
  );
}
