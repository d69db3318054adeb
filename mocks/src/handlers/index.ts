import { categoryHandlers } from './categories';
import { contactHandlers } from './contact';
import { customerHandlers } from './customers';
import { customerCsvHandlers } from './customers-csv';
import { fallbackHandlers } from './fallback';
import { importExportHandlers } from './import-export';
import { invoiceHandlers } from './invoices';
import { orderInvoiceHandlers } from './order-invoices';
import { reportHandlers } from './reports';
import { orderHandlers } from './orders';
import { salesOrderHandlers } from './sales-orders';
import { productArchiveHandlers } from './product-archive';
import { productHandlers } from './products';
import { stockHandlers } from './stock';
import { storeSettingsHandlers } from './store-settings';
import { purchaseOrderHandlers } from './purchase-orders';
import { supplierHandlers } from './suppliers';
import { supplierCsvHandlers } from './suppliers-csv';
import { storeHandlers } from './stores';
import { uploadHandlers } from './uploads';
import { userHandlers } from './users';

export { userHandlers } from './users';
export { storeHandlers } from './stores';
export { productHandlers } from './products';
export { productArchiveHandlers } from './product-archive';
export { orderHandlers } from './orders';
export { salesOrderHandlers } from './sales-orders';
export { categoryHandlers } from './categories';
export { customerHandlers } from './customers';
export { customerCsvHandlers } from './customers-csv';
export { stockHandlers } from './stock';
export { storeSettingsHandlers } from './store-settings';
export { purchaseOrderHandlers } from './purchase-orders';
export { supplierHandlers } from './suppliers';
export { supplierCsvHandlers } from './suppliers-csv';
export { uploadHandlers } from './uploads';
export { contactHandlers } from './contact';
export { invoiceHandlers } from './invoices';
export { reportHandlers } from './reports';
export { fallbackHandlers } from './fallback';
export { importExportHandlers, mockImportSettings } from './import-export';

/** Every default handler: one array per feature, then the 404 of unknown `/api` paths. */
export const handlers = [
  ...userHandlers,
  ...storeHandlers,
  // Before the product routes: /products/import and /products/export are not product ids.
  ...importExportHandlers,
  // Before the product routes: /products/bulk is not a product id.
  ...productArchiveHandlers,
  ...productHandlers,
  ...stockHandlers,
  // Before the order routes: /orders/{id}/invoices and /invoicing are not order edits.
  ...orderInvoiceHandlers,
  // Before the order routes: a body with `lines`, or an order that has lines, is theirs; the rest falls through.
  ...salesOrderHandlers,
  ...orderHandlers,
  ...categoryHandlers,
  // Before the customer routes: /customers/import and /customers/export are not customer ids.
  ...customerCsvHandlers,
  ...customerHandlers,
  ...storeSettingsHandlers,
  ...invoiceHandlers,
  ...reportHandlers,
  // Before the supplier routes: /suppliers/import and /suppliers/export are not supplier ids.
  ...supplierCsvHandlers,
  ...supplierHandlers,
  ...purchaseOrderHandlers,
  ...uploadHandlers,
  ...contactHandlers,
  ...fallbackHandlers,
];
