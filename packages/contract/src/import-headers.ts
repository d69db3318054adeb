import { IMPORT_FIELDS, type ImportField, type ImportMapping } from './csv';
import { SUPPLIER_LINK_HEADER_SYNONYMS } from './product-suppliers';

/**
 * Which of a file's columns fills each of our fields when the user has not said (the import's guess, which the
 * preview shows for confirming). A header names a field by the field's key or label, or by one of the names suppliers'
 * files and peers' exports use for it (Shopify, Zoho Inventory, Sortly, inFlow, distributors' price lists, in English,
 * French and German). Compared as `normalizeHeader` compares.
 *
 * To teach the import a new field's headers (barcode, MPN, cost…), add the field to IMPORT_FIELDS (csv.ts) and its
 * names here; a name must not belong to two fields.
 */
export const HEADER_SYNONYMS: Partial<Record<ImportField, readonly string[]>> = {
  sku: [
    'Item Code',
    'Item SKU',
    'Product Code',
    'Stock Code',
    'Article Number',
    'Article No',
    'Variant SKU',
    'Reference',
    'Ref',
    'Référence',
    'Artikelnummer',
    'Art Nr',
  ],
  name: [
    'Product Name',
    'Product',
    'Item',
    'Item Name',
    'Title',
    'Product Title',
    'Entry Name',
    'Article',
    'Designation',
    'Désignation',
    'Libellé',
    'Nom',
    'Bezeichnung',
    'Artikelbezeichnung',
  ],
  category: [
    'Categories',
    'Product Category',
    'Product Type',
    'Type',
    'Group',
    'Product Group',
    'Item Group',
    'Family',
    'Department',
    'Catégorie',
    'Famille',
    'Kategorie',
    'Warengruppe',
  ],
  price: [
    'Unit Price',
    'Sale Price',
    'Sales Price',
    'Selling Price',
    'Retail Price',
    'List Price',
    'Variant Price',
    'Rate',
    'RRP',
    'MSRP',
    'Prix',
    'Prix de vente',
    'Prix unitaire',
    'Preis',
    'Verkaufspreis',
  ],
  quantity: [
    'Qty',
    'Stock',
    'On Hand',
    'Qty On Hand',
    'Quantity On Hand',
    'Stock On Hand',
    'Stock Level',
    'Stock Qty',
    'In Stock',
    'Inventory',
    'Variant Inventory Qty',
    'Available',
    'Quantité',
    'Menge',
    'Bestand',
  ],
  reorderPoint: [
    'Reorder Level',
    'Reorder Point',
    'Min Stock',
    'Minimum Stock',
    'Min Level',
    'Min Qty',
    'Minimum Quantity',
    'Safety Stock',
    'Low Stock Alert',
    'Alert Level',
    'Stock minimum',
    'Meldebestand',
    'Mindestbestand',
  ],
  description: ['Details', 'Long Description', 'Product Description', 'Item Description', 'Body', 'Beschreibung'],
  barcode: ['EAN', 'EAN-13', 'EAN Code', 'UPC', 'UPC Code', 'GTIN', 'EAN/UPC', 'Bar Code', 'Barcode Number', 'Code EAN', 'Code-barres', 'Strichcode'],
  mpn: [
    'Part No',
    'Part Number',
    'Manufacturer Part Number',
    'Manufacturer Part No',
    'Mfr Part No',
    'Mfr Part Number',
    'MFG Part Number',
    'Référence fabricant',
    'Herstellernummer',
    'Hersteller-Artikelnummer',
  ],
  // What the shop pays (0031): never a bare "Price", which is the selling price's.
  cost: [
    'Unit Cost',
    'Cost Price',
    'Purchase Price',
    'Buy Price',
    'Buying Price',
    'Cost Per Item',
    'Average Cost',
    'Supplier Price',
    'Net Cost',
    "Prix d'achat",
    'Coût',
    'Einkaufspreis',
    'EK-Preis',
  ],
  // The product's supplier link (0037): names distinct from the catalogue's own SKU, part number and price.
  ...SUPPLIER_LINK_HEADER_SYNONYMS,
};

/**
 * How a header is compared: a byte-order mark, case, accents, a bracketed note ("Price (EUR)", "Body (HTML)") and
 * anything but letters and digits (spaces, dashes, dots: "Qty.", "reorder_point") do not matter.
 */
export const normalizeHeader = (header: string): string =>
  header
    .replace(/^\uFEFF/, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\([^)]*\)|\[[^\]]*\]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** Every name of a field, normalized, in the order they are preferred: its key and label, then its synonyms. */
export function headerNamesOf(field: ImportField): string[] {
  const declared = IMPORT_FIELDS.find((candidate) => candidate.key === field)!;
  return namesOf(declared, HEADER_SYNONYMS[field]);
}

const namesOf = (field: { key: string; label: string }, synonyms: readonly string[] = []) =>
  [field.key, field.label, ...synonyms].map(normalizeHeader);

/**
 * Each field's column, guessed from the headers: the header matching the field's most preferred name (its own name
 * before any synonym), and never a header another field took first.
 */
export function guessMapping(headers: readonly string[]): ImportMapping {
  return guessColumns(IMPORT_FIELDS, HEADER_SYNONYMS, headers) as ImportMapping;
}

/**
 * The rule of guessMapping for any file's fields (the catalogue's, the customers'): `fields` in the order they choose,
 * each by its key, its label, then its synonyms.
 */
export function guessColumns<K extends string>(
  fields: readonly { key: K; label: string }[],
  synonyms: Partial<Record<K, readonly string[]>>,
  headers: readonly string[],
): Partial<Record<K, string>> {
  const mapping: Partial<Record<K, string>> = {};
  const taken = new Set<string>();
  const normalized = headers.map(normalizeHeader);
  for (const field of fields) {
    for (const name of namesOf(field, synonyms[field.key])) {
      const index = normalized.findIndex((candidate, i) => candidate === name && !taken.has(headers[i]!));
      if (index !== -1) {
        mapping[field.key] = headers[index]!;
        taken.add(headers[index]!);
        break;
      }
    }
  }
  return mapping;
}
