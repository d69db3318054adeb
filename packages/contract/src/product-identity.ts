import { makeSku } from './catalogue';
import { LIMITS } from './constants';
import { MESSAGES } from './messages';
import { matchesCode } from './query-items';
import { singleLineProblem } from './validation';

/**
 * What identifies a product in its store (docs/decisions/0030-free-skus-barcodes-and-part-numbers.md): its SKU, unique
 * whatever its ASCII case (`skuMatchKey`; the databases' unique index of migration 0017 folds the same letters). The
 * server asks its index; the mocks ask this with their stored products; both answer the same 409.
 */

/**
 * How SKUs are matched, and what they are unique by in a store: case does not matter (ASCII letters, as SQLite's and
 * PostgreSQL's "C" `lower()` fold them, so migration 0017's unique index agrees), so a file's "lap-001" updates the
 * store's "LAP-001", and a new product cannot take "ab-1" beside "AB-1".
 */
export const skuMatchKey = (sku: string): string => sku.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/** The product among `products` (one store's) whose SKU is `sku` whatever its case, or undefined. */
export function productWithSku<P extends { sku: string }>(products: Iterable<P>, sku: string): P | undefined {
  const key = skuMatchKey(sku.trim());
  for (const product of products) if (skuMatchKey(product.sku) === key) return product;
  return undefined;
}

/** The 409 message when `sku` is taken by one of `products` (one store's), else null. */
export function skuTakenProblem(products: Iterable<{ sku: string; name: string }>, sku: string): string | null {
  const holder = productWithSku(products, sku);
  return holder ? MESSAGES.skuTaken(holder.sku, holder.name) : null;
}

/**
 * The SKU made for a product given none (`makeSku` for `category` at `at`, or a millisecond later while `products`
 * has it in any case), with the moment it was made at: two made in the same millisecond would clash. The server
 * makes the same and lets the unique index judge it.
 */
export function makeFreeSku(
  products: Iterable<{ sku: string }>,
  category: string,
  at: number,
): { sku: string; at: number } {
  const taken = new Set<string>();
  for (const product of products) taken.add(skuMatchKey(product.sku));
  for (let moment = at; ; moment += 1) {
    const sku = makeSku(category, moment);
    if (!taken.has(skuMatchKey(sku))) return { sku, at: moment };
  }
}

/** The lengths of the GS1 identifiers a barcode may be: EAN-8, UPC-A, EAN-13, GTIN-14. */
export const BARCODE_LENGTHS = [8, 12, 13, 14] as const;

/**
 * The GS1 check digit of a GTIN's other digits (`body`): from the right, the digits are weighted 3, 1, 3, 1…; the
 * check digit takes their sum up to the next multiple of 10.
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/**
 * A product's barcode (docs/decisions/0030-free-skus-barcodes-and-part-numbers.md): spaces around it trimmed, then
 * digits only, 8, 12, 13 or 14 of them (EAN-8, UPC-A, EAN-13, GTIN-14), the last one the GS1 check digit of the
 * others. The barcode as stored, or the message; blank is none (null) where the field is optional.
 */
export function validateBarcode(value: string): { barcode: string } | { message: string } {
  const barcode = value.trim();
  if (!/^\d+$/.test(barcode)) return { message: MESSAGES.barcodeDigits };
  if (!(BARCODE_LENGTHS as readonly number[]).includes(barcode.length))
    return { message: MESSAGES.barcodeLength(barcode.length) };
  const expected = gtinCheckDigit(barcode.slice(0, -1));
  if (Number(barcode.at(-1)) !== expected) return { message: MESSAGES.barcodeCheckDigit(expected) };
  return { barcode };
}

/** A manufacturer part number: trimmed, one line, at most LIMITS.mpn characters. The message, or null. */
export function validateMpn(value: string): string | null {
  const mpn = value.trim();
  const problem = singleLineProblem('MPN', mpn);
  if (problem) return problem;
  if (mpn.length > LIMITS.mpn) return MESSAGES.fieldTooLong('MPN', LIMITS.mpn);
  return null;
}

/** The product among `products` (one store's) with this barcode, or undefined (barcodes are digits: exact). */
export function productWithBarcode<P extends { barcode?: string | null }>(
  products: Iterable<P>,
  barcode: string,
): P | undefined {
  for (const product of products) if (product.barcode === barcode) return product;
  return undefined;
}

/** The 409 message when `barcode` is taken by one of `products` (one store's; `except` is the product edited), else null. */
export function barcodeTakenProblem(
  products: Iterable<{ _id?: string; barcode?: string | null; name: string }>,
  barcode: string | null | undefined,
  except?: string,
): string | null {
  if (!barcode) return null;
  for (const product of products)
    if (product.barcode === barcode && product._id !== except) return MESSAGES.barcodeTaken(barcode, product.name);
  return null;
}

/** The codes an import row may name a product by. */
export interface ImportCodes {
  sku?: string | null;
  barcode?: string | null;
  mpn?: string | null;
}

/**
 * The keys a row (or a product) is matched by, in the import's order: its SKU whatever its case (`s:`), then its
 * barcode (`b:`), then its part number whatever its ASCII case (`m:`). A product's keys are the same of its own codes.
 */
export function identityKeys(codes: ImportCodes): string[] {
  const keys: string[] = [];
  const sku = codes.sku?.trim();
  const barcode = codes.barcode?.trim();
  const mpn = codes.mpn?.trim();
  if (sku) keys.push(`s:${skuMatchKey(sku)}`);
  if (barcode) keys.push(`b:${barcode}`);
  if (mpn) keys.push(`m:${mpn.replace(/[A-Z]+/g, (letters) => letters.toLowerCase())}`);
  return keys;
}

/**
 * The product an import row updates (docs/decisions/0030-free-skus-barcodes-and-part-numbers.md): the one its SKU
 * names, else the one with its barcode, else the one with its part number; none: the row is a new product. `found`
 * gives the store's product of a key (for a part number several may share, the oldest).
 */
export function matchImportRow<P>(codes: ImportCodes, found: (key: string) => P | undefined): P | undefined {
  for (const key of identityKeys(codes)) {
    const product = found(key);
    if (product !== undefined) return product;
  }
  return undefined;
}

/** The longest code a scan may be: a SKU or a part number (64 characters); a GTIN's 14 digits are within it. */
export const SCANNED_CODE_MAX = Math.max(LIMITS.sku, LIMITS.mpn, ...BARCODE_LENGTHS);

/**
 * Whether a scanned or typed `code` names `product`: its SKU whatever its ASCII case (`skuMatchKey`, as SKUs are
 * unique), its barcode exactly, or its part number whatever its ASCII case (`matchesCode`, what the list's `q` finds).
 */
export function matchesScannedCode(
  product: { sku: string; barcode?: string | null; mpn?: string | null },
  code: string,
): boolean {
  const text = code.trim();
  if (text === '') return false;
  return skuMatchKey(product.sku) === skuMatchKey(text) || matchesCode(product, text);
}

/**
 * The product a scanned or typed `code` names among `products` (a page the list's `q` answered): the one whose SKU it
 * is first (SKUs are unique), else the one with that barcode (unique too), else the first with that part number,
 * the import's order (`matchImportRow`).
 */
export function productOfScannedCode<P extends { sku: string; barcode?: string | null; mpn?: string | null }>(
  products: readonly P[],
  code: string,
): P | undefined {
  const text = code.trim();
  if (text === '') return undefined;
  return (
    productWithSku(products, text) ??
    productWithBarcode(products, text) ??
    products.find((product) => matchesScannedCode(product, text))
  );
}

/**
 * The other form a scanner may give a UPC-A in: the same 12 digits as an EAN-13 with a leading 0 (many scanners and
 * readers report a UPC-A that way), or the 12 digits of an EAN-13 that starts with 0. Stored barcodes keep the form
 * their box carries (no padding, docs/decisions/0030-free-skus-barcodes-and-part-numbers.md); a scan of the other
 * form is looked up again by this one. Null for any other code.
 */
export function otherUpcForm(code: string): string | null {
  const text = code.trim();
  if (/^\d{12}$/.test(text)) return `0${text}`;
  if (/^0\d{12}$/.test(text)) return text.slice(1);
  return null;
}
