import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  validateOrderLines,
  type OrderCustomer,
  type OrderLineErrors,
  type OrderLineField,
  type Product,
} from '@inventory/contract/rules';
import { Button, Card, LoadingOverlay } from '@inventory/ui';
import { CustomerPicker } from '../../../customer-picker/CustomerPicker';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { ProductPicker } from '../../../product-picker/ProductPicker';
import {
  formTotals,
  freeTextLine,
  withDefaultRates,
  lineAmountCents,
  moneyOf,
  toLineInput,
  toLineBodies,
  withProduct,
  type FormLine,
} from '../../../documents/documentLinesForm';
import { DocumentLineFields } from '../../../documents/DocumentLineFields';
import { DocumentTotalsTable } from '../../../documents/DocumentTotalsTable';
import type { SalesOrderBody } from './salesApi';
import { pricingRequested, selectSales } from './salesSlice';
import { SALES_TEXT } from './salesTexts';
import { useCodeLookup } from '../../../scanning/useCodeLookup';
import { useScanTarget } from '../../../scanning/scanTarget';
import { useFieldErrors } from '../../../forms/useFieldErrors';

export interface SalesOrderFormProps {
  initialLines: FormLine[];
  initialCustomer?: OrderCustomer | null;
  submitLabel: string;
  onSubmit: (body: SalesOrderBody) => void;
}

/**
 * An order of several lines (new and edit): its customer (picked, or made right here), then its lines, added by the
 * product search, by a scan (camera, or a keyboard-wedge scanner typing into the search: a product already on the
 * order gets one more) or as free text; each line's amount and the order's totals follow as they are typed, by the
 * contract's rules; each product added is said once under the search (a polite live region, not a toast). Bad lines show their errors under their fields and nothing is sent; what was typed stays while
 * saving and after a failed save (a 409 shortage is the server's message as a toast).
 */
export function SalesOrderForm({ initialLines, initialCustomer = null, submitLabel, onSubmit }: SalesOrderFormProps) {
  const dispatch = useAppDispatch();
  const { pricing, pricingStatus, pricingMessage, saving } = useAppSelector(selectSales);
  const [typed, setLines] = useState<FormLine[]>(initialLines);
  // Lines added before the store's rates arrived take its default rate once they are there.
  const lines = withDefaultRates(typed, pricing);
  const [customer, setCustomer] = useState<OrderCustomer | null>(initialCustomer);
  const [lineErrors, setLineErrors] = useState<OrderLineErrors[]>([]);
  const [orderError, setOrderError] = useState<string | null>(null);
  // The last product added (or one more of), announced politely and shown under the search.
  const [added, setAdded] = useState('');
  // The server's failures that name a field of the one-line form (e.g. a customer archived meanwhile): said here.
  const { errors: answered } = useFieldErrors('salesOrder');
  const answeredMessages = Object.values(answered).filter((message): message is string => Boolean(message));

  useEffect(() => {
    dispatch(pricingRequested());
  }, [dispatch]);

  // The lines as they are now, for a scan whose product arrives after more typing.
  const linesNow = useRef(lines);
  linesNow.current = lines;
  const addProduct = useCallback(
    (product: Product | null) => {
      if (!product) return;
      const { lines: next, line } = withProduct(linesNow.current, product, pricing);
      const more = next.length === linesNow.current.length;
      linesNow.current = next;
      setLines(next);
      setOrderError(null);
      // Said once, quietly, in the form's own live region: a toast per scan stacked up over the page.
      setAdded(more ? SALES_TEXT.scannedMore(line.description, Number(line.quantity)) : SALES_TEXT.scannedAdded(line.description));
    },
    [pricing],
  );
  const lookUpCode = useCodeLookup(addProduct);
  useScanTarget(addProduct);

  const changeLine = (index: number, field: Exclude<OrderLineField, 'productId'>, value: string) => {
    setLines((current) =>
      withDefaultRates(current, pricing).map((line, i) => (i === index ? { ...line, [field]: value } : line)),
    );
    setLineErrors((current) => current.map((errors, i) => (i === index ? { ...errors, [field]: undefined } : errors)));
  };
  const removeLine = (index: number) => {
    setAdded('');
    setLines((current) => current.filter((_, i) => i !== index));
    setLineErrors((current) => current.filter((_, i) => i !== index));
  };
  const addFreeText = () => {
    setOrderError(null);
    setLines((current) => [...current, freeTextLine(pricing)]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = validateOrderLines(
      lines.map(toLineInput),
      pricing ? { taxRateIds: pricing.taxRates.map((rate) => rate._id) } : {},
    );
    setOrderError(checked.order);
    setLineErrors(checked.lines);
    const firstBad = checked.lines.findIndex((errors) => Object.keys(errors).length > 0);
    if (checked.order || firstBad >= 0) {
      if (firstBad >= 0) {
        const field = Object.keys(checked.lines[firstBad]!)[0];
        document.getElementById(`${lines[firstBad]!.key}-${field}`)?.focus();
      }
      return;
    }
    // Not priced yet (the store's rates are on their way, or failed: the alert above says so): nothing is sent.
    if (!pricing) return;
    onSubmit({ customerId: customer?._id ?? null, lines: toLineBodies(lines) });
  };

  const money = moneyOf(pricing);
  const totals = formTotals(lines, pricing);
  return (
    <Card>
      {saving ? <LoadingOverlay label="Saving order" /> : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        {pricingStatus === 'failed' ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-danger">
            <p className="m-0">
              The store's tax rates could not be loaded, so the order cannot be priced: {pricingMessage}
            </p>
            <Button variant="secondary" size="sm" onClick={() => dispatch(pricingRequested())}>
              Try again
            </Button>
          </div>
        ) : null}
        <CustomerPicker value={customer} onChange={setCustomer} disabled={saving} />
        <section aria-labelledby="order-lines-heading" className="flex flex-col gap-3">
          <h2 id="order-lines-heading" className="m-0 text-lg font-semibold text-ink">
            Lines
          </h2>
          {lines.length === 0 ? (
            <p className="m-0 text-ink-muted">No lines yet: add a product or a line of text.</p>
          ) : null}
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
                disabled={saving}
                onChange={(field, value) => changeLine(index, field, value)}
                onRemove={() => removeLine(index)}
              />
            );
          })}
          {orderError ? (
            <p role="alert" className="m-0 text-sm font-medium text-danger">
              {orderError}
            </p>
          ) : null}
          <ProductPicker
            value={null}
            onChange={addProduct}
            onEnterText={lookUpCode}
            disabled={saving}
            label="Add a product"
            hint="Search by name, category or SKU, or scan its barcode: a product already on the order gets one more."
          />
          <p role="status" aria-live="polite" className="m-0 text-sm text-ink-muted empty:sr-only">
            {added}
          </p>
          <div>
            <Button variant="secondary" onClick={addFreeText} disabled={saving}>
              Add a line of text
            </Button>
          </div>
        </section>
        {totals ? <DocumentTotalsTable totals={totals} money={money} caption="Order totals" className="self-end" /> : null}
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
