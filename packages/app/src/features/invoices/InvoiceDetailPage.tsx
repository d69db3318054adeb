import { useEffect, useState } from 'react';
import { formatMoneyIn, formatPercent, type CreditNote, type Invoice, type Payment } from '@inventory/contract/rules';
import { Button, buttonVariants, Card, ConfirmDialog, PageHeader } from '@inventory/ui';
import { Download } from 'lucide-react';
import { Link } from 'react-router-dom';
import { AuditFacts } from '../../catalogue/AuditFacts';
import { Fact } from '../../catalogue/ItemFacts';
import { ItemLoadState } from '../../catalogue/ItemLoadState';
import { useRouteItem } from '../../catalogue/useRouteItem';
import { DocumentTotalsTable } from '../../documents/DocumentTotalsTable';
import { RequirePermission } from '../../membership/RequirePermission';
import { selectOffers } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CreditNoteDialog } from './CreditNoteDialog';
import { INVOICE_LOAD_TEXTS, INVOICE_ON_ROUTE } from './invoiceOnRoute';
import { invoicePdfHref } from './invoicesApi';
import { creditRequested, deleteRequested, issueRequested, paymentRequested, selectInvoices, sendRequested } from './invoicesSlice';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { PAYMENT_METHOD_LABELS } from './invoiceTexts';
import { PaymentDialog } from './PaymentDialog';

type Dialog = 'issue' | 'delete' | 'credit' | 'payment' | null;

const cell = 'px-2 py-2 text-left align-top';

function LinesTable({ invoice, money }: { invoice: Pick<Invoice, 'lines'>; money: (cents: number) => string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm text-ink">
        <caption className="sr-only">Invoice lines</caption>
        <thead>
          <tr className="border-b border-line text-ink-muted">
            <th scope="col" className={cell}>#</th>
            <th scope="col" className={cell}>Description</th>
            <th scope="col" className={`${cell} text-right`}>Qty</th>
            <th scope="col" className={`${cell} text-right`}>Unit price</th>
            <th scope="col" className={`${cell} text-right`}>Discount</th>
            <th scope="col" className={cell}>Tax</th>
            <th scope="col" className={`${cell} text-right`}>Net</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, i) => (
            <tr key={i} className="border-b border-line">
              <td className={cell}>{i + 1}</td>
              <td className={cell}>{line.description}</td>
              <td className={`${cell} text-right`}>{line.quantity}</td>
              <td className={`${cell} text-right font-mono`}>{money(Math.round(line.unitPrice * 100))}</td>
              <td className={`${cell} text-right`}>{line.discountPercent ? formatPercent(line.discountPercent) : '—'}</td>
              <td className={cell}>{line.taxRate ? `${line.taxRate.name} ${formatPercent(line.taxRate.percent)}` : 'No tax'}</td>
              <td className={`${cell} text-right font-mono`}>{money(line.netCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MailFact({ mail }: { mail: Invoice['mail'] }) {
  if (!mail) return <>Not mailed</>;
  const state = { pending: 'Waiting to be sent', sent: 'Sent', failed: 'Failed' }[mail.status];
  return (
    <span className={mail.status === 'failed' ? 'text-danger' : undefined}>
      {state} to {mail.to}
      {mail.status === 'failed' && mail.lastError ? `: ${mail.lastError}` : ''}
    </span>
  );
}

function Documents({ creditNotes, payments, money }: { creditNotes: CreditNote[]; payments: Payment[]; money: (cents: number) => string }) {
  if (creditNotes.length === 0 && payments.length === 0) return null;
  return (
    <Card title="Credit notes and payments">
      <ul className="m-0 flex list-none flex-col gap-2 p-0 text-ink">
        {creditNotes.map((note) => (
          <li key={note._id} className="flex flex-wrap justify-between gap-2 border-b border-line pb-2">
            <span>
              Credit note {note.number} of {note.issueDate}: {note.lines.map((line) => `${line.quantity} × ${line.description} (line ${line.invoiceLine})`).join(', ')}
              {note.reason ? ` — ${note.reason}` : ''}
            </span>
            <span className="font-mono">−{money(note.totals.grossCents)}</span>
          </li>
        ))}
        {payments.map((payment) => (
          <li key={payment._id} className="flex flex-wrap justify-between gap-2 border-b border-line pb-2">
            <span>
              Payment of {payment.date}, {PAYMENT_METHOD_LABELS[payment.method]}
              {payment.reference ? ` (${payment.reference})` : ''}
            </span>
            <span className="font-mono">−{money(payment.amountCents)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Detail({ invoice }: { invoice: Invoice }) {
  const dispatch = useAppDispatch();
  const { acting, done, creditNotes, payments } = useAppSelector(selectInvoices);
  const mayWrite = useAppSelector(selectOffers('invoices:write'));
  const mayIssue = useAppSelector(selectOffers('invoices:issue'));
  const [dialog, setDialog] = useState<Dialog>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const money = (cents: number) => formatMoneyIn(cents, invoice.currency);
  const draft = invoice.status === 'draft';
  const creditable = invoice.creditedCents < invoice.totals.grossCents;

  useEffect(() => {
    setDialog(null);
    setKey(crypto.randomUUID());
  }, [done]);

  const open = (next: Dialog) => {
    setKey(crypto.randomUUID());
    setDialog(next);
  };

  return (
    <>
      <PageHeader
        title={draft ? 'Draft invoice' : `Invoice ${invoice.number}`}
        actions={
          <>
            <Link to="/invoices" className={buttonVariants({ variant: 'secondary' })}>
              Back to the invoices
            </Link>
            <a href={invoicePdfHref(invoice._id)} download className={buttonVariants({ variant: 'secondary' })}>
              <Download aria-hidden="true" className="size-4" />
              Download PDF
            </a>
            {mayWrite && draft ? (
              <Link to={`/invoices/${invoice._id}/edit`} className={buttonVariants({ variant: 'secondary' })}>
                Edit
              </Link>
            ) : null}
            {mayWrite && draft ? (
              <Button variant="danger" onClick={() => open('delete')} loading={acting === 'delete'}>
                Delete
              </Button>
            ) : null}
            {mayIssue && draft ? (
              <Button onClick={() => open('issue')} loading={acting === 'issue'}>
                Issue
              </Button>
            ) : null}
            {mayWrite && !draft ? (
              <Button variant="secondary" onClick={() => dispatch(sendRequested(invoice._id))} loading={acting === 'send'}>
                Mail to customer
              </Button>
            ) : null}
            {mayIssue && !draft && creditable ? (
              <Button variant="secondary" onClick={() => open('credit')}>
                Credit note
              </Button>
            ) : null}
            {mayIssue && !draft && invoice.amountDueCents > 0 ? <Button onClick={() => open('payment')}>Record payment</Button> : null}
          </>
        }
      />
      <Card>
        <dl className="m-0 flex flex-col">
          <Fact label="Number">{invoice.number ?? 'Given when issued'}</Fact>
          <Fact label="Status">
            <InvoiceStatusBadge invoice={invoice} />
          </Fact>
          <Fact label="Customer">
            {invoice.customer._id ? (
              <Link to={`/customers/${invoice.customer._id}`} className="font-medium text-brand-600 underline">
                {invoice.customer.name}
              </Link>
            ) : (
              invoice.customer.name
            )}
          </Fact>
          {invoice.sourceOrderId ? (
            <Fact label="Order">
              <Link to={`/order-detail/${invoice.sourceOrderId}`} className="font-medium text-brand-600 underline">
                The order it bills
              </Link>
            </Fact>
          ) : null}
          <Fact label="Issued">{invoice.issueDate ?? 'Not yet'}</Fact>
          <Fact label="Due">{invoice.dueDate ?? 'Set when issued'}</Fact>
          {!draft ? (
            <Fact label="Amount due">
              <span className="font-mono font-semibold">{money(invoice.amountDueCents)}</span>
            </Fact>
          ) : null}
          {!draft ? (
            <Fact label="Mail">
              <MailFact mail={invoice.mail} />
            </Fact>
          ) : null}
          {invoice.notes ? (
            <Fact label="Notes">
              <span className="whitespace-pre-line">{invoice.notes}</span>
            </Fact>
          ) : null}
          <AuditFacts createdBy={invoice.createdBy} updatedBy={invoice.updatedBy} />
        </dl>
      </Card>
      <Card title="Lines">
        <div className="flex flex-col gap-4">
          <LinesTable invoice={invoice} money={money} />
          <DocumentTotalsTable totals={{ ...invoice.totals, lines: [] }} money={money} caption="Invoice totals" className="self-end" />
          {!draft && (invoice.creditedCents > 0 || invoice.paidCents > 0) ? (
            <dl className="m-0 grid w-full max-w-md grid-cols-[1fr_auto] gap-x-4 gap-y-1 self-end text-sm text-ink">
              <dt>Credited</dt>
              <dd className="m-0 text-right font-mono">−{money(invoice.creditedCents)}</dd>
              <dt>Paid</dt>
              <dd className="m-0 text-right font-mono">−{money(invoice.paidCents)}</dd>
              <dt className="font-semibold">Amount due</dt>
              <dd className="m-0 text-right font-mono font-semibold">{money(invoice.amountDueCents)}</dd>
            </dl>
          ) : null}
        </div>
      </Card>
      <Documents creditNotes={creditNotes} payments={payments} money={money} />
      {dialog === 'credit' ? (
        <CreditNoteDialog
          invoice={invoice}
          creditNotes={creditNotes}
          submitting={acting === 'credit'}
          onSubmit={(body) => dispatch(creditRequested({ id: invoice._id, body, key }))}
          onCancel={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'payment' ? (
        <PaymentDialog
          invoice={invoice}
          submitting={acting === 'payment'}
          onSubmit={(body) => dispatch(paymentRequested({ id: invoice._id, body, key }))}
          onCancel={() => setDialog(null)}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === 'issue'}
        title="Issue this invoice?"
        message="It takes the next number of the series and can no longer change; a credit note corrects it."
        confirmLabel="Issue"
        cancelLabel="Keep the draft"
        confirming={acting === 'issue'}
        onConfirm={() => dispatch(issueRequested(invoice._id))}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete this draft?"
        message="The draft and its lines are deleted; what it billed of an order can be invoiced again."
        confirmLabel="Delete"
        cancelLabel="Keep the draft"
        tone="danger"
        confirming={acting === 'delete'}
        onConfirm={() => dispatch(deleteRequested(invoice._id))}
        onCancel={() => setDialog(null)}
      />
    </>
  );
}

/**
 * /invoices/:id: the invoice (number, status, customer, the order it bills, dates, what is due, its mail's state), its
 * lines and totals (net, tax per rate, gross), its credit notes and payments. Edit, Delete and Issue while a draft;
 * Mail to customer, Credit note and Record payment once issued; Download PDF always; each as the role may.
 */
export function InvoiceDetailPage() {
  usePageTitle('Invoice');
  const { item: invoice, status, message, reload } = useRouteItem(INVOICE_ON_ROUTE);
  return (
    <div className="flex flex-col gap-4">
      {invoice ? (
        <Detail invoice={invoice} />
      ) : (
        <>
          <PageHeader title="Invoice" />
          <RequirePermission permission="invoices:read" backHref="/dashboard" backLabel="Back to the dashboard">
            <ItemLoadState {...INVOICE_LOAD_TEXTS} status={status} message={message} onRetry={reload} />
          </RequirePermission>
        </>
      )}
    </div>
  );
}
