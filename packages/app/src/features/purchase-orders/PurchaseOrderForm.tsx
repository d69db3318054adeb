import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  PURCHASE_MESSAGES,
  validatePurchaseOrderLines,
  type Product,
  type PurchaseOrderLineErrors,
  type PurchaseOrderLineField,
} from '@inventory/contract/rules';
// The notes' limit is the request schema's (the signed-in screens load zod already: the team's store-name rule).
import { PURCHASE_ORDER_NOTES_MAX } from '@inventory/contract/rules';
import { Button, Card, LoadingOverlay, TextArea, TextField } from '@inventory/ui';
import { useFieldErrors } from '../../forms/useFieldErrors';
import { ProductPicker } from '../../product-picker/ProductPicker';
import { useScanTarget } from '../../scanning/scanTarget';
import { useCodeLookup } from '../../scanning/useCodeLookup';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { toast } from '../../toasts/toastsSlice';
import { PurchaseOrderLineFields } from './PurchaseOrderLineFields';
import {
  moneyIn,
  purchaseLineAmountCents,
  purchaseTotalCents,
  toPurchaseLineInput,
  toPurchaseOrderBody,
  withPurchaseProduct,
  type PurchaseFormLine,
} from './purchaseOrderLinesForm';
import type { PurchaseOrderBody } from './purchaseOrdersApi';
import { currencyRequested, selectPurchaseOrders } from './purchaseOrdersSlice';
import { PURCHASE_TEXT } from './purchaseTexts';
import { SupplierPicker, type PickedSupplier } from './SupplierPicker';

export interface PurchaseOrderFormValues {
  supplier: PickedSupplier | null;
  expectedDate: string;
  notes: string;
  lines: PurchaseFormLine[];
}

export interface PurchaseOrderFormProps {
  initial: PurchaseOrderFormValues;
  submitLabel: string;
  onSubmit: (body: PurchaseOrderBody) => void;
}

/**
 * A purchase order (new, and edit while a draft): its supplier, when the goods are expected and notes, then its lines,
 * added by the product search or a scan (camera, or a keyboard-wedge scanner: a product already on the order gets one
 * more), each with a quantity and a unit cost (empty while not known: the draft can be saved, not sent). Bad lines
 * show the contract's errors under their fields and nothing is sent; what was typed stays while saving and after a
 * failed save.
 */
export function PurchaseOrderForm({ initial, submitLabel, onSubmit }: PurchaseOrderFormProps) {
  const dispatch = useAppDispatch();
  const { saving, currency } = useAppSelector(selectPurchaseOrders);
  const [supplier, setSupplier] = useState<PickedSupplier | null>(initial.supplier);
  const [expectedDate, setExpectedDate] = useState(initial.expectedDate);
  const [notes, setNotes] = useState(initial.notes);
  const [lines, setLines] = useState<PurchaseFormLine[]>(initial.lines);
  const [supplierError, setSupplierError] = useState<string | undefined>();
  const [lineErrors, setLineErrors] = useState<PurchaseOrderLineErrors[]>([]);
  const [orderError, setOrderError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The server's failures (a supplier archived meanwhile, a product deleted): said here, nothing typed lost.
  const { errors: answered } = useFieldErrors('purchaseOrder', formRef);
  const answeredMessages = Object.values(answered).filter((message): message is string => Boolean(message));

  useEffect(() => {
    dispatch(currencyRequested());
  }, [dispatch]);

  // The lines as they are now, for a scan whose product arrives after more typing.
  const linesNow = useRef(lines);
  linesNow.current = lines;
  const addProduct = useCallback(
    (product: Product | null) => {
      if (!product) return;
      const { lines: next, line } = withPurchaseProduct(linesNow.current, product);
      const more = next.length === linesNow.current.length;
      linesNow.current = next;
      setLines(next);
      setOrderError(null);
      dispatch(toast.info(more ? PURCHASE_TEXT.scannedMore(line.name, Number(line.quantity)) : PURCHASE_TEXT.scannedAdded(line.name)));
    },
    [dispatch],
  );
  const lookUpCode = useCodeLookup(addProduct);
  useScanTarget(addProduct);
  const chooseSupplier = useCallback((picked: PickedSupplier | null) => {
    setSupplier(picked);
    if (picked) setSupplierError(undefined);
  }, []);

  const changeLine = (index: number, field: Exclude<PurchaseOrderLineField, 'productId'>, value: string) => {
    setLines((current) => current.map((line, i) => (i === index ? { ...line, [field]: value } : line)));
    setLineErrors((current) => current.map((errors, i) => (i === index ? { ...errors, [field]: undefined } : errors)));
  };
  const removeLine = (index: number) => {
    setLines((current) => current.filter((_, i) => i !== index));
    setLineErrors((current) => current.filter((_, i) => i !== index));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = validatePurchaseOrderLines(lines.map(toPurchaseLineInput));
    const noSupplier = supplier ? undefined : PURCHASE_MESSAGES.supplierRequired;
    setSupplierError(noSupplier);
    setOrderError(checked.order);
    setLineErrors(checked.lines);
    const firstBad = checked.lines.findIndex((errors) => Object.keys(errors).length > 0);
    if (noSupplier) {
      document.getElementById('purchase-order-supplier')?.focus();
      return;
    }
    if (checked.order || firstBad >= 0) {
      if (firstBad >= 0) {
        const field = Object.keys(checked.lines[firstBad]!)[0];
        document.getElementById(`${lines[firstBad]!.key}-${field === 'productId' ? 'quantity' : field}`)?.focus();
      }
      return;
    }
    onSubmit(toPurchaseOrderBody({ supplierId: supplier!._id, expectedDate, notes }, lines));
  };

  const money = moneyIn(currency);
  const total = purchaseTotalCents(lines);
  return (
    <Card>
      {saving ? <LoadingOverlay label="Saving purchase order" /> : null}
      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
        <div className="grid gap-4 md:grid-cols-2">
          <SupplierPicker value={supplier} onChange={chooseSupplier} error={supplierError} disabled={saving} />
          <TextField
            id="purchase-order-expected"
            name="expectedDate"
            type="date"
            label="Expected"
            hint="When the goods should arrive (optional)"
            value={expectedDate}
            disabled={saving}
            onChange={(event) => setExpectedDate(event.target.value)}
          />
        </div>
        <section aria-labelledby="purchase-lines-heading" className="flex flex-col gap-3">
          <h2 id="purchase-lines-heading" className="m-0 text-lg font-semibold text-ink">
            Lines
          </h2>
          {lines.length === 0 ? <p className="m-0 text-ink-muted">No lines yet: add a product.</p> : null}
          {lines.map((line, index) => {
            const amount = purchaseLineAmountCents(line);
            return (
              <PurchaseOrderLineFields
                key={line.key}
                line={line}
                number={index + 1}
                errors={lineErrors[index] ?? {}}
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
            allowOutOfStock
            label="Add a product"
            hint="Search by name, category or SKU, or scan its barcode: a product already on the order gets one more."
          />
        </section>
        <p className="m-0 text-ink">
          <span className="font-semibold">Total: </span>
          <output className="font-mono">{total === null ? '—' : money(total)}</output>
        </p>
        <TextArea
          id="purchase-order-notes"
          name="notes"
          label="Notes"
          rows={3}
          maxLength={PURCHASE_ORDER_NOTES_MAX}
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
