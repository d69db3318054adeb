import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  MESSAGES,
  PRODUCT_SUPPLIER_LABELS,
  type ProductSupplier,
  type ProductSupplierFields,
  partNumberProblem,
  readLastCost,
  readPackSize,
} from '@inventory/contract/rules';
import { Badge, Button, Card, ConfirmDialog, DataTable, ErrorState, Select, TextField, type DataTableColumn } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { formatMoney } from '../catalogue/money';
import { useFieldErrors } from '../forms/useFieldErrors';
import { selectOffers } from '../membership/selectors';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { linkRequested, linksRequested, selectProductSuppliers, unlinkRequested } from './productSuppliersSlice';

type FormField = 'supplierId' | 'partNumber' | 'packSize' | 'lastCost';
type FormValues = Record<FormField, string> & { preferred: boolean };
type FormErrors = Partial<Record<FormField, string>>;

const emptyForm = (preferred: boolean): FormValues => ({ supplierId: '', partNumber: '', packSize: '1', lastCost: '', preferred });
const formOf = (link: ProductSupplier): FormValues => ({
  supplierId: link.supplier._id,
  partNumber: link.partNumber,
  packSize: String(link.packSize),
  lastCost: link.lastCost === null ? '' : link.lastCost.toFixed(2),
  preferred: link.preferred,
});

/** The link form's values as the API takes them, or its errors (the contract's rules of the link's fields). */
function check(values: FormValues): { fields: ProductSupplierFields } | { errors: FormErrors } {
  const errors: FormErrors = {};
  if (!values.supplierId) errors.supplierId = MESSAGES.supplierRequired;
  const partProblem = partNumberProblem(values.partNumber);
  if (partProblem) errors.partNumber = partProblem;
  const pack = readPackSize(values.packSize);
  if ('message' in pack) errors.packSize = pack.message;
  const cost = readLastCost(values.lastCost);
  if ('message' in cost) errors.lastCost = cost.message;
  if (Object.keys(errors).length > 0 || 'message' in pack || 'message' in cost) return { errors };
  return { fields: { partNumber: values.partNumber.trim(), packSize: pack.packSize, lastCost: cost.lastCost, preferred: values.preferred } };
}

/** Add a supplier to the product, or change one of its links (`editing`): errors under their fields. */
function LinkForm({ productId, editing, onClose }: { productId: string; editing: ProductSupplier | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { links, choices, saving } = useAppSelector(selectProductSuppliers);
  const [values, setValues] = useState<FormValues>(() => (editing ? formOf(editing) : emptyForm(!links.some((link) => link.preferred))));
  const [ownErrors, setErrors] = useState<FormErrors>({});
  const { errors: answered, clearField } = useFieldErrors('productSupplier');
  const errors: FormErrors = {};
  for (const key of ['supplierId', 'partNumber', 'packSize', 'lastCost'] as const) errors[key] = ownErrors[key] ?? answered[key];
  const linked = new Set(links.map((link) => link.supplier._id));
  const options = choices.filter((supplier) => !linked.has(supplier._id)).map((supplier) => ({ value: supplier._id, label: supplier.name }));
  const set = (field: keyof FormValues, value: string | boolean) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    clearField(field);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = check(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = (['supplierId', 'partNumber', 'packSize', 'lastCost'] as const).find((field) => checked.errors[field]);
      if (first) document.getElementById(`product-supplier-${first}`)?.focus();
      return;
    }
    dispatch(linkRequested({ productId, supplierId: values.supplierId, fields: checked.fields, adding: editing === null }));
  };
  const field = (key: 'partNumber' | 'packSize' | 'lastCost', hint: string, inputMode?: 'numeric' | 'decimal') => (
    <TextField
      id={`product-supplier-${key}`}
      name={key}
      label={PRODUCT_SUPPLIER_LABELS[key]}
      value={values[key]}
      error={errors[key]}
      hint={hint}
      inputMode={inputMode}
      autoComplete="off"
      onChange={(event) => set(key, event.target.value)}
    />
  );
  return (
    <form onSubmit={submit} noValidate aria-label={editing ? `Edit the link to ${editing.supplier.name}` : 'Add a supplier'} className="flex flex-col gap-4 rounded-md border border-line p-4">
      {editing ? (
        <p className="m-0 font-semibold text-ink">{editing.supplier.name}</p>
      ) : (
        <Select
          id="product-supplier-supplierId"
          name="supplierId"
          label={PRODUCT_SUPPLIER_LABELS.supplierId}
          placeholder={options.length > 0 ? 'Select…' : 'No other supplier: add one on the Suppliers page'}
          options={options}
          value={values.supplierId}
          error={errors.supplierId}
          required
          onChange={(event) => set('supplierId', event.target.value)}
        />
      )}
      <div className="grid gap-4 md:grid-cols-3">
        {field('partNumber', "The supplier's own code for it")}
        {field('packSize', 'Units they sell it in', 'numeric')}
        {field('lastCost', 'Per unit, the last price paid', 'decimal')}
      </div>
      <label className="flex min-h-11 items-center gap-3 text-ink">
        <input type="checkbox" name="preferred" checked={values.preferred} onChange={(event) => set('preferred', event.target.checked)} className="size-5 accent-brand-600" />
        Preferred supplier (the one it is bought from)
      </label>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={saving}>
          {editing ? 'Save Link' : 'Add Supplier'}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * A product's suppliers on its page: each with their part number, pack size and last cost, the preferred one first
 * and marked. Owners and managers add a supplier, edit a link (making it preferred takes the flag from the other one),
 * or remove it.
 */
export function ProductSuppliersCard({ productId }: { productId: string }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectProductSuppliers);
  const mayLink = useAppSelector(selectOffers('suppliers:update'));
  const [form, setForm] = useState<{ editing: ProductSupplier | null } | null>(null);
  const [removing, setRemoving] = useState<ProductSupplier | null>(null);
  useEffect(() => {
    dispatch(linksRequested(productId));
  }, [dispatch, productId]);
  useEffect(() => setForm(null), [state.savedCount]);
  const shown = state.productId === productId;
  const columns = useMemo((): DataTableColumn<ProductSupplier>[] => {
    const base: DataTableColumn<ProductSupplier>[] = [
      {
        key: 'supplier',
        header: 'Supplier',
        sticky: true,
        cell: (link) => (
          <span className="flex flex-wrap items-center gap-2">
            <Link to={`/suppliers/${link.supplier._id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {link.supplier.name}
            </Link>
            {link.preferred ? <Badge tone="success">Preferred</Badge> : null}
            {link.supplier.archivedAt ? <Badge tone="neutral">Archived</Badge> : null}
          </span>
        ),
      },
      { key: 'partNumber', header: 'Their part number', cell: (link) => link.partNumber || '—' },
      { key: 'packSize', header: 'Pack size', cell: (link) => link.packSize },
      { key: 'lastCost', header: 'Last cost', cell: (link) => (link.lastCost === null ? '—' : formatMoney(link.lastCost)) },
    ];
    if (!mayLink) return base;
    return [
      ...base,
      {
        key: 'action',
        header: 'Action',
        cell: (link) => (
          <span className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setForm({ editing: link })} aria-label={`Edit the link to ${link.supplier.name}`}>
              Edit
            </Button>
            <Button size="sm" variant="danger" onClick={() => setRemoving(link)} aria-label={`Remove ${link.supplier.name}`}>
              Remove
            </Button>
          </span>
        ),
      },
    ];
  }, [mayLink]);
  return (
    <Card>
      <section aria-labelledby="product-suppliers-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="product-suppliers-heading" className="m-0 text-2xl font-semibold text-ink">
            Suppliers
          </h2>
          {mayLink && form === null ? (
            <Button variant="secondary" onClick={() => setForm({ editing: null })}>
              Add Supplier
            </Button>
          ) : null}
        </div>
        {form ? <LinkForm key={form.editing?.supplier._id ?? 'new'} productId={productId} editing={form.editing} onClose={() => setForm(null)} /> : null}
        {state.status === 'failed' && shown ? (
          <ErrorState message={state.message} onRetry={() => dispatch(linksRequested(productId))} />
        ) : (
          <DataTable
            columns={columns}
            rows={shown ? state.links : []}
            getRowId={(link) => link.supplier._id}
            loading={!shown || state.status === 'loading' || state.status === 'idle'}
            emptyMessage="No supplier yet."
            pageSize={Math.max(state.links.length, 1)}
            caption="Suppliers of this product"
          />
        )}
        <ConfirmDialog
          open={removing !== null}
          title="Remove Supplier"
          message={removing ? `${removing.supplier.name} will no longer be a supplier of this product. The supplier stays.` : ''}
          confirmLabel="Remove"
          cancelLabel="Keep the supplier"
          tone="danger"
          confirming={state.saving}
          onConfirm={() => {
            if (removing) dispatch(unlinkRequested({ productId, supplierId: removing.supplier._id }));
            setRemoving(null);
          }}
          onCancel={() => setRemoving(null)}
        />
      </section>
    </Card>
  );
}
