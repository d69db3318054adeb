import { validateBarcode, validateMpn, validateSku } from '@inventory/contract/rules';
import { TextField } from '@inventory/ui';

/** A product's codes as typed: its own SKU (a new product only), barcode and manufacturer part number. */
export interface ProductCodes {
  sku: string;
  barcode: string;
  mpn: string;
}

export type ProductCodeErrors = Partial<Record<keyof ProductCodes, string>>;

/** The contract's rules for what was typed; blank is fine for each (a SKU is then made, the others are none). */
export function productCodeErrors(codes: ProductCodes, withSku: boolean): ProductCodeErrors {
  const errors: ProductCodeErrors = {};
  if (withSku && codes.sku.trim()) errors.sku = validateSku(codes.sku) ?? undefined;
  if (codes.barcode.trim()) {
    const barcode = validateBarcode(codes.barcode);
    if ('message' in barcode) errors.barcode = barcode.message;
  }
  if (codes.mpn.trim()) errors.mpn = validateMpn(codes.mpn) ?? undefined;
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as ProductCodeErrors;
}

export interface ProductCodeFieldsProps {
  idPrefix: string;
  codes: ProductCodes;
  /** The SKU is typed only for a new product (an edit keeps its SKU; it is shown on the product's page). */
  withSku: boolean;
  errors: ProductCodeErrors;
  onChange: (field: keyof ProductCodes, value: string) => void;
}

/** SKU, barcode and part number: the codes a supplier's box and a scanner know the product by. */
export function ProductCodeFields({ idPrefix, codes, withSku, errors, onChange }: ProductCodeFieldsProps) {
  const field = (name: keyof ProductCodes) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: codes[name],
    autoComplete: 'off',
    spellCheck: false,
    error: errors[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
  });
  return (
    <div className={withSku ? 'grid gap-5 sm:grid-cols-3' : 'grid gap-5 sm:grid-cols-2'}>
      {withSku ? <TextField {...field('sku')} label="SKU" hint="Optional: your own code, else one is made from the category" /> : null}
      <TextField {...field('barcode')} label="Barcode" inputMode="numeric" hint="Optional: EAN, UPC or GTIN" />
      <TextField {...field('mpn')} label="Part number" hint="Optional: the manufacturer's (MPN)" />
    </div>
  );
}
