import { z } from 'zod';
import { IMPORT_MAX_BYTES_DEFAULT, IMPORT_MESSAGES } from '../csv';
import { DEFAULT_EXPORT_CONTEXT, exportHeader } from '../csv-export';
import { MESSAGES } from '../messages';
import { idParamsSchema } from '../schemas/catalogue';
import { exportQuerySchema } from '../schemas/csv';
import { supplierImportQuerySchema, supplierListQuerySchema, supplierProductsQuerySchema } from '../schemas/suppliers';
import type { Permission } from '../stores';
import { SUPPLIER_EXPORT_COLUMNS } from '../suppliers-csv';
import type { RouteSpec } from './route-spec';

/** The routes of suppliers and of a product's suppliers (docs/decisions/0037-suppliers.md); routes.ts lists them. */

const storeRoute = (permission: Permission) => ({ auth: 'store' as const, permission });
const supplierId = { id: { schema: idParamsSchema.shape.id, description: "The supplier's `_id`" } };
const linkPath = {
  id: { schema: idParamsSchema.shape.id, description: "The product's `_id`" },
  supplierId: { schema: z.uuid(), description: "The supplier's `_id`" },
};
const supplierNotFound = { description: 'No supplier of the active store has this id', example: MESSAGES.supplierNotFound };
const productNotFound = { description: 'No product of the active store has this id', example: MESSAGES.productNotFound };
const badPage = { description: 'A query value out of range, or a page link that is no longer valid', example: MESSAGES.invalidCursor };
const EXPORT_HEADER = exportHeader(SUPPLIER_EXPORT_COLUMNS, DEFAULT_EXPORT_CONTEXT);

export const SUPPLIER_ROUTES = (exportRule: string): RouteSpec[] => [
  {
    method: 'post',
    path: '/api/suppliers',
    operationId: 'createSupplier',
    summary: 'Add a supplier',
    description:
      "A name (unique in the store whatever its case: 409 otherwise), and any of contact, email, phone, address, lead time in days and notes ('' or absent: none; `leadTimeDays` null or absent: none).",
    tag: 'Suppliers',
    ...storeRoute('suppliers:create'),
    idempotent: true,
    body: { media: 'json', schema: 'SupplierRequest' },
    answer: { status: 201, schema: 'Supplier', description: 'The new supplier', etag: true },
    extra: { 409: { description: 'Another supplier of the store has this name', example: MESSAGES.supplierNameTaken('Northwind') } },
  },
  {
    method: 'get',
    path: '/api/suppliers',
    operationId: 'listSuppliers',
    summary: "The active store's suppliers, a page at a time",
    description:
      'One page `{items, total, totalExact, next, prev}` of the suppliers whose name, contact, email or phone contains `q` (any case), active ones unless `archived` says otherwise, sorted by `sort` and `dir`; follow `next` as `after` and `prev` as `before`. Every page costs the same at any size; without `q` the total is exact, with it counted up to 1,000.',
    tag: 'Suppliers',
    ...storeRoute('suppliers:read'),
    query: supplierListQuerySchema,
    answer: { status: 200, schema: 'SupplierPage', description: 'A page of suppliers (without their product counts)' },
    extra: { 400: badPage },
  },
  {
    method: 'get',
    path: '/api/suppliers/{id}',
    operationId: 'getSupplier',
    summary: 'One supplier, with how many products name them',
    tag: 'Suppliers',
    ...storeRoute('suppliers:read'),
    params: supplierId,
    answer: { status: 200, schema: 'Supplier', description: 'The supplier', etag: true },
    extra: { 404: supplierNotFound },
  },
  {
    method: 'patch',
    path: '/api/suppliers/{id}',
    operationId: 'updateSupplier',
    summary: 'Edit a supplier',
    description:
      'The fields sent change; one left out keeps its value. Read-only fields a supplier answers (`_id`, `archivedAt`, `createdAt`, `updatedAt`, `__v`, `createdBy`, `updatedBy`, `products`) are ignored when sent back. An archived supplier may be edited too.',
    tag: 'Suppliers',
    ...storeRoute('suppliers:update'),
    params: supplierId,
    ifMatch: true,
    body: { media: 'json', schema: 'SupplierUpdateRequest' },
    answer: { status: 200, schema: 'Supplier', description: 'The updated supplier', etag: true },
    extra: {
      404: supplierNotFound,
      409: { description: 'A stale If-Match, or another supplier of the store has this name', example: MESSAGES.editConflict },
    },
  },
  {
    method: 'delete',
    path: '/api/suppliers/{id}',
    operationId: 'deleteSupplier',
    summary: 'Delete a supplier, or archive one that products name',
    description:
      'A supplier no product names is deleted. One that products name is archived instead: hidden from the list and from new links, kept on those products, restorable; `outcome` says which. Decided in the same transaction as the write, so a link made meanwhile makes it an archive, never a link to a deleted supplier.',
    tag: 'Suppliers',
    ...storeRoute('suppliers:delete'),
    params: supplierId,
    ifMatch: true,
    answer: { status: 200, schema: 'SupplierRemoved', description: 'Deleted or archived' },
    extra: { 404: supplierNotFound },
  },
  {
    method: 'post',
    path: '/api/suppliers/{id}/restore',
    operationId: 'restoreSupplier',
    summary: 'Restore an archived supplier',
    description: 'They are back in the list and may be linked to products again. Restoring an active supplier changes nothing.',
    tag: 'Suppliers',
    ...storeRoute('suppliers:delete'),
    params: supplierId,
    ifMatch: true,
    answer: { status: 200, schema: 'Supplier', description: 'The restored supplier', etag: true },
    extra: { 404: supplierNotFound },
  },
  {
    method: 'get',
    path: '/api/suppliers/{id}/products',
    operationId: 'supplierProducts',
    summary: 'The products a supplier supplies',
    description: 'One page `{items, total, totalExact, next, prev}` of the links naming the supplier (archived or not), the last made first.',
    tag: 'Suppliers',
    ...storeRoute('suppliers:read'),
    params: supplierId,
    query: supplierProductsQuerySchema,
    answer: { status: 200, schema: 'ProductSupplierPage', description: 'A page of their products' },
    extra: { 400: badPage, 404: supplierNotFound },
  },
  {
    method: 'post',
    path: '/api/suppliers/import',
    operationId: 'importSuppliers',
    summary: 'Import suppliers from a CSV file',
    description: [
      'Multipart: `file` (CSV read as the product import reads it) and an optional `mapping`',
      `(JSON: our supplier field → the file's header; without it, headers named like our fields as the export writes them (${EXPORT_HEADER.slice(1, 8).join(', ')}) or by a common synonym map themselves: Supplier, Vendor, Contact Person, E-mail, Tel, Lead Time, Comments…).`,
      "Every row is checked by the supplier form's rules (a name, unique in the file whatever its case; an email when given; a lead time of whole days from 0 to 365 or blank); only when all pass are they written, in one transaction:",
      'a row whose name names a supplier of the store (whatever its case, archived ones too) updates the fields the file maps, the others are new suppliers. With `dryRun=1` nothing is written and the answer counts what would be and says how the file was read.',
    ].join(' '),
    tag: 'Suppliers',
    ...storeRoute('suppliers:create'),
    query: supplierImportQuerySchema,
    body: { media: 'multipart', schema: 'SupplierImportForm' },
    answer: { status: 200, schema: 'SupplierImportAnswer', description: 'How many suppliers were (or would be) created and updated' },
    extra: {
      400: { description: 'No `file` part, a file that is not CSV, or a `mapping` that is not a JSON object of our supplier fields', example: IMPORT_MESSAGES.fileRequired },
      403: { description: 'The role cannot both add and edit suppliers (or a cross-site request)' },
      404: { description: 'The store was deleted while the file was being sent', example: MESSAGES.storeNotFound },
      409: { description: 'A name of the file was given to another supplier while it was imported: nothing was written' },
      413: { description: 'The file is larger than IMPORT_MAX_BYTES', example: IMPORT_MESSAGES.tooLarge(IMPORT_MAX_BYTES_DEFAULT) },
      422: {
        description: 'Some rows fail, the name column is missing, a column appears twice, or the file is not CSV: nothing was written. `errors` lists each failing cell by row and column',
        schema: 'ImportErrors',
        example: IMPORT_MESSAGES.rowErrors(2, 2),
      },
    },
  },
  {
    method: 'get',
    path: '/api/suppliers/export',
    operationId: 'exportSuppliers',
    summary: "The active store's suppliers as CSV",
    description: `A \`text/csv\` attachment (\`suppliers-YYYY-MM-DD.csv\`), streamed at any size, newest first, archived ones too (with when). ${exportRule} The field columns carry the labels the import reads, so the file imports back unchanged (rows matched by name).`,
    tag: 'Suppliers',
    ...storeRoute('suppliers:read'),
    query: exportQuerySchema,
    answer: { status: 200, media: { 'text/csv': { schema: { type: 'string' } } }, description: 'The suppliers as CSV' },
  },
  {
    method: 'get',
    path: '/api/products/{id}/suppliers',
    operationId: 'productSuppliers',
    summary: "A product's suppliers",
    description: 'Every link of the product to a supplier of the store (archived suppliers too, marked so): the preferred one first, then by name.',
    tag: 'Suppliers',
    ...storeRoute('suppliers:read'),
    params: { id: linkPath.id },
    answer: { status: 200, schema: 'ProductSupplierList', description: "The product's suppliers" },
    extra: { 404: productNotFound },
  },
  {
    method: 'post',
    path: '/api/products/{id}/suppliers',
    operationId: 'addProductSupplier',
    summary: 'Link a supplier to a product',
    description:
      "`supplierId` (one of the store's suppliers, not an archived one) and any of `partNumber`, `packSize` (default 1), `lastCost` (default none) and `preferred` (default: preferred when the product has no preferred supplier yet). Making it preferred takes the flag from the product's other supplier in the same transaction: a product has at most one.",
    tag: 'Suppliers',
    ...storeRoute('suppliers:update'),
    params: { id: linkPath.id },
    body: { media: 'json', schema: 'ProductSupplierCreateRequest' },
    answer: { status: 201, schema: 'ProductSupplier', description: 'The new link' },
    extra: {
      404: { description: 'No product of the store has this id, or `supplierId` names no supplier of the store', example: MESSAGES.supplierNotFound },
      409: { description: 'The supplier is archived, or already a supplier of this product', example: MESSAGES.productSupplierExists('Northwind') },
    },
  },
  {
    method: 'put',
    path: '/api/products/{id}/suppliers/{supplierId}',
    operationId: 'putProductSupplier',
    summary: "Set a product's link to a supplier",
    description:
      "Makes the link when there is none (as POST does: not to an archived supplier), else changes the fields sent; a field left out keeps its value (a new link's default). `preferred: true` takes the flag from the product's other supplier in the same transaction; `false` leaves the product without a preferred supplier when this one was it.",
    tag: 'Suppliers',
    ...storeRoute('suppliers:update'),
    params: linkPath,
    body: { media: 'json', schema: 'ProductSupplierPutRequest' },
    answer: { status: 200, schema: 'ProductSupplier', description: 'The link' },
    extra: {
      404: { description: 'No product or no supplier of the store has this id', example: MESSAGES.supplierNotFound },
      409: { description: 'A new link to an archived supplier', example: MESSAGES.supplierArchivedNoLinks('Northwind') },
    },
  },
  {
    method: 'delete',
    path: '/api/products/{id}/suppliers/{supplierId}',
    operationId: 'removeProductSupplier',
    summary: "Remove a supplier from a product",
    description: 'The link goes; the supplier stays. Removing the preferred one leaves the product without a preferred supplier.',
    tag: 'Suppliers',
    ...storeRoute('suppliers:update'),
    params: linkPath,
    answer: { status: 200, schema: 'Message', description: 'Removed' },
    extra: { 404: { description: 'No product of the store has this id, or the supplier is not one of its suppliers', example: MESSAGES.productSupplierNotFound } },
  },
];
