import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { INVOICE_NOTES_MAX, validateOrderLines, type OrderCustomer, type OrderLineErrors, type OrderLineField, type Product } from '@inventory/contract/rules';
import { Button, Card, LoadingOverlay, TextArea } from '@inventory/ui';
import { CustomerPicker } from '../../customer-picker/CustomerPicker';
import { DocumentLineFields } from '../../documents/DocumentLineFields';
import {
  formTotals,
  freeTextLine,
  lineAmountCents,
  moneyOf,
  toLineBodies,
  toLineInput,
  withDefaultRates,
  withProduct,
  type FormLine,
} from '../../documents/documentLinesForm';
import { DocumentTotalsTable } from '../../documents/DocumentTotalsTable';
import { useFieldErrors } from '../../forms/useFieldErrors';
import { ProductPicker } from '../../product-picker/ProductPicker';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { InvoiceBody } from './invoicesApi';
import { invoicePricingRequested, selectInvoices } from './invoicesSlice';
import { INVOICE_TEXT } from './invoiceTexts';

export interface InvoiceFormProps {
  initialLines: FormLine[];
  initialCustomer?: OrderCustomer | null;
  initialNotes?: string;
  /** A draft made from an order: its lines follow the order (0044) and are shown, not edited. */
  linesLocked?: boolean;
  submitLabel: string;
  onSubmit: (body: InvoiceBody) => void;
}

/**
 * A draft invoice by hand (new and edit): its customer, its lines (the order form's line editor: a product or free
 * text, quantity, unit price, discount, tax rate), notes, and the totals as they are typed: net, tax per rate, gross,
 * by the contract's one rule. Errors show under their fields; what was typed stays after a failed save.
 */
export function InvoiceForm({ initialLines, initialCustomer = null, initialNotes = '', linesLocked = false, submitLabel, onSubmit }: InvoiceFormProps) {
  const dispatch = useAppDispatch();
  const { pricing, pricingStatus, pricingMessage, saving } = useAppSelector(selectInvoices);
  const [typed, setLines] = useState<FormLine[]>(initialLines);
  const lines = withDefaultRates(typed, pricing);
  const [customer, setCustomer] = useState<OrderCustomer | null>(initialCustomer);
  const [customerError, setCustomerError] = useState<string | null>(null);
  const [notes, setNotes] = useState(initialNotes);
  const [lineErrors, setLineErrors] = useState<OrderLineErrors[]>([]);
  const [linesError, setLinesError] = useState<string | null>(null);
  const { errors: answered } = useFieldErrors('invoice');
  const answeredMessages = Object.values(answered).filter((message): message is string => Boolean(message));

  useEffect(() => {
    dispatch(invoicePricingRequested());
  }, [dispatch]);

  const linesNow = useRef(lines);
  linesNow.current = lines;
  const addProduct = useCallback(
    (product: Product | null) => {
      if (!product) return;
      const next = withProduct(linesNow.current, product, pricing).lines;
      linesNow.current = next;
      setLines(next);
      setLinesError(null);
    },
    [pricing],
  );

  const changeLine = (index: number, field: Exclude<OrderLineField, 'productId'>, value: string) => {
    setLines((current) => withDefaultRates(current, pricing).map((line, i) => (i === index ? { ...line, [field]: value } : line)));
    setLineErrors((current) => current.map((errors, i) => (i === index ? { ...errors, [field]: undefined } : errors)));
  };
  const removeLine = (index: number) => {
    setLines((current) => current.filter((_, i) => i !== index));
    setLineErrors((current) => current.filter((_, i) => i !== index));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setCustomerError(customer ? null : INVOICE_TEXT.customerRequired);
    const checked = linesLocked
      ? { order: null, lines: [] as OrderLineErrors[] }
      : validateOrderLines(lines.map(toLineInput), pricing ? { taxRateIds: pricing.taxRates.map((rate) => rate._id) } : {});
    setLinesError(checked.order);
    setLineErrors(checked.lines);
    const firstBad = checked.lines.findIndex((errors) => Object.keys(errors).length > 0);
    if (!customer) {
      document.getElementById('order-customer')?.focus();
      return;
    }
    if (checked.order || firstBad >= 0) {
      if (firstBad >= 0) document.getElementById(`${lines[firstBad]!.key}-${Object.keys(checked.lines[firstBad]!)[0]}`)?.focus();
      return;
    }
    if (!pricing) return;
    onSubmit({ customerId: customer._id, notes, ...(linesLocked ? {} : { lines: toLineBodies(lines) }) });
  };

  const money = moneyOf(pricing);
  const totals = formTotals(lines, pricing);
  return (
    <Card>
      {saving ? <LoadingOverlay label="Saving invoice" /> : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        {pricingStatus === 'failed' ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-danger">
            <p className="m-0">The store's tax rates could not be loaded, so the invoice cannot be priced: {pricingMessage}</p>
            <Button variant="secondary" size="sm" onClick={() => dispatch(invoicePricingRequested())}>
              Try again
            </Button>
          </div>
        ) : null}
        <div className="flex flex-col gap-1.5">
          <CustomerPicker value={customer} onChange={(next) => { setCustomer(next); setCustomerError(null); }} disabled={saving} />
          {customerError ? (
            <p role="alert" className="m-0 text-sm font-medium text-danger">
              {customerError}
            </p>
          ) : null}
        </div>
        <section aria-labelledby="invoice-lines-heading" className="flex flex-col gap-3">
          <h2 id="invoice-lines-heading" className="m-0 text-lg font-semibold text-ink">
            Lines
          </h2>
          {linesLocked ? <p className="m-0 text-ink-muted">These lines bill an order: they follow the order and are not edited here.</p> : null}
          {lines.length === 0 ? <p className="m-0 text-ink-muted">No lines yet: add a product or a line of text.</p> : null}
          {lines.map((line, index) => {
            const amount = lineAmountCents(line);
            return (
              <DocumentLineFields
                key={line.key}
                line={line}
                number={index + 1}
                errors={lineErrors[index] ?? {}}
                pricing={pricing}
                amount={amount === null ? null : money(amount)}
                disabled={saving || linesLocked}
                onChange={(field, value) => changeLine(index, field, value)}
                onRemove={() => removeLine(index)}
              />
            );
          })}
          {linesError ? (
            <p role="alert" className="m-0 text-sm font-medium text-danger">
              {linesError}
            </p>
          ) : null}
          {linesLocked ? null : (
            <>
              <ProductPicker value={null} onChange={addProduct} disabled={saving} label="Add a product" hint="Search by name, category or SKU." />
              <div>
                <Button variant="secondary" onClick={() => setLines((current) => [...current, freeTextLine(pricing)])} disabled={saving}>
                  Add a line of text
                </Button>
              </div>
            </>
          )}
        </section>
        {totals ? <DocumentTotalsTable totals={totals} money={money} caption="Invoice totals" className="self-end" /> : null}
        <TextArea
          id="invoice-notes"
          name="notes"
          label="Notes"
          hint="Printed under the lines"
          maxLength={INVOICE_NOTES_MAX}
          value={notes}
          disabled={saving}
          onChange={(event) => setNotes(event.target.value)}
        />
        {answeredMessages.map((message) => (
          <p key={message} role="alert" className="m-0 text-sm font-medium text-danger">
            {message}
          </p>
        ))}
        <div>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
