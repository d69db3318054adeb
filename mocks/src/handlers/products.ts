import {
  MESSAGES,
  firstIssueMessage,
  idParamsSchema,
  makeFreeSku,
  productFieldsSchema,
  productUpdateFieldsSchema,
  skuTakenProblem,
  barcodeTakenProblem,
  catalogueSummary,
  categoryCounts,
  fieldsWriteRefusal,
  productSeenBy,
  type ProductImage,
  activeProducts,
  type Role,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import {
  deleteUpload,
  mockDb,
  newUuid,
  notifyMockDbChange,
  productsOf,
  resolveMockCategory,
  stampChange,
  toProductAnswer,
  toPublicProduct,
  type StoredProduct,
} from '../db';
import { api, errorResponse, etag, isStaleEdit, readMultipart } from '../http';
import { productPageOf } from '../list-query';
import { requireStore } from '../store-auth';
import { withOnOrder } from './purchase-orders';
import { checkImage, storeUpload, type ImageCheck } from '../images';
import { sanitizeDescription } from '../sanitize';
import { removeProducts } from './product-archive';
import { moveMockStock, recordMovement } from './stock';

type Ok<T> = Extract<T, { ok: true }>;

/** The product `:id` names in this store, or undefined (unknown, another store's, or not a UUID: all 404). */
function ownProduct(id: string | undefined, storeId: string): StoredProduct | undefined {
  if (!idParamsSchema.safeParse({ id }).success) return undefined;
  return mockDb.products.find((p) => p._id === id && p.storeId === storeId);
}

const notFound = () => errorResponse(404, MESSAGES.productNotFound);

/** A single-item answer, as the caller's role may see it (no cost for staff and viewers: the contract's rule). */
function productResponse(product: StoredProduct, role: Role, status = 200): Response {
  return HttpResponse.json(productSeenBy(role, toProductAnswer(product)), { status, headers: { ETag: etag(product.version) } });
}

/** 403 for a form that sends a field the role may not set (the cost), as the server answers before the schema. */
function fieldsRefused(role: Role, fields: Record<string, string>): Response | null {
  const refusal = fieldsWriteRefusal(role, Object.keys(fields));
  return refusal ? errorResponse(403, refusal) : null;
}

/**
 * Splits the multipart body into the text fields (for the schema) and the image: `image` may be a file, or an empty
 * text field (no image chosen). Any other file part is an unexpected field. On an edit (`keepImageText`) an `image`
 * text field goes with the text fields, for the schema to ignore, as the server does.
 */
async function readProductForm(
  request: Request,
  keepImageText = false,
): Promise<{ ok: true; fields: Record<string, string>; image: File | null } | { ok: false; response: Response }> {
  const form = await readMultipart(request);
  if (!form.ok) return form;
  const { image: imageText, ...fields } = form.fields;
  const { image = null, ...otherFiles } = form.files;
  const unexpected = Object.keys(otherFiles)[0];
  if (unexpected) return { ok: false, response: errorResponse(400, `Unexpected field: ${unexpected}`) };
  if (keepImageText) return { ok: true, fields: form.fields, image };
  if (image === null && imageText !== undefined && imageText !== '') {
    // Text where a file should be: not an image.
    return { ok: false, response: errorResponse(415, MESSAGES.imageTypeNotAllowed) };
  }
  return { ok: true, fields, image };
}

function toProductImage(check: Ok<ImageCheck>, ownerId: string, storeId: string): ProductImage {
  const upload = storeUpload(ownerId, check.type, check.bytes, storeId);
  return {
    fileName: check.fileName,
    filePath: `/uploads/${upload.name}`,
    fileType: upload.type,
    fileSize: upload.size,
  };
}

/** The product routes of the API, with the server's behaviour: the active store's catalogue, as the role allows. */
export const productHandlers = [
  http.post(api('/products'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:create');
    if (!auth.ok) return auth.response;
    const form = await readProductForm(request);
    if (!form.ok) return form.response;
    const refused = fieldsRefused(auth.role, form.fields);
    if (refused) return refused;
    const parsed = productFieldsSchema.safeParse(form.fields);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const { sku, description, ...fields } = parsed.data;
    // Any SKU the schema passed; unique in the store whatever its case (the contract's rule, the server's index).
    const taken =
      (sku === undefined ? null : skuTakenProblem(productsOf(auth.store._id), sku)) ??
      barcodeTakenProblem(productsOf(auth.store._id), fields.barcode);
    if (taken) return errorResponse(409, taken);
    // Checked before anything is stored: a refused image leaves no product behind.
    const image = form.image ? await checkImage(form.image) : null;
    if (image && !image.ok) return image.response;

    const now = new Date().toISOString();
    const product: StoredProduct = {
      _id: newUuid(),
      ...fields,
      // The store's spelling of the category written (0032).
      category: resolveMockCategory(auth.store._id, fields.category, now),
      sku: sku ?? makeFreeSku(productsOf(auth.store._id), fields.category, Date.now()).sku,
      description: sanitizeDescription(description),
      image: image ? toProductImage(image, auth.userId, auth.store._id) : {},
      createdAt: now,
      updatedAt: now,
      storeId: auth.store._id,
      version: 1,
      creator: auth.actor,
      changer: auth.actor,
    };
    mockDb.products.push(product);
    recordMovement(product, product.quantity, 'created', auth.actor, null, now);
    notifyMockDbChange();
    return productResponse(product, auth.role, 201);
  }),

  http.get(api('/products'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    // A page filters archived products by its query (the contract's rule); the whole list is the active ones.
    const products = productsOf(auth.store._id).map((product) => productSeenBy(auth.role, toPublicProduct(product)));
    const paged = productPageOf(request, products);
    if (paged && !paged.ok) return paged.response;
    return HttpResponse.json(paged ? paged.page : activeProducts(products));
  }),

  http.get(api('/products/summary'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    return HttpResponse.json(catalogueSummary(activeProducts(productsOf(auth.store._id))));
  }),

  http.get(api('/products/categories'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    return HttpResponse.json(categoryCounts(activeProducts(productsOf(auth.store._id))));
  }),

  http.get<{ id: string }>(api('/products/:id'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    const product = ownProduct(params.id, auth.store._id);
    if (!product) return notFound();
    // What is on order, beside the product's fields (the server's 0042).
    const answer = withOnOrder(productSeenBy(auth.role, toProductAnswer(product)), auth.store._id, auth.role);
    return HttpResponse.json(answer, { headers: { ETag: etag(product.version) } });
  }),

  http.patch<{ id: string }>(api('/products/:id'), async ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:update');
    if (!auth.ok) return auth.response;
    const product = ownProduct(params.id, auth.store._id);
    if (!product) return notFound();
    const form = await readProductForm(request, true);
    if (!form.ok) return form.response;
    const refused = fieldsRefused(auth.role, form.fields);
    if (refused) return refused;
    const parsed = productUpdateFieldsSchema.safeParse(form.fields);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    if (isStaleEdit(request, product.version)) return errorResponse(409, MESSAGES.editConflict);
    const image = form.image ? await checkImage(form.image) : null;
    if (image && !image.ok) return image.response;

    const { description, quantity, reorderPoint, barcode, mpn, cost, ...fields } = parsed.data;
    const taken = barcodeTakenProblem(productsOf(auth.store._id), barcode, product._id);
    if (taken) return errorResponse(409, taken);
    if (image) {
      // The new image replaces the old one, whose file goes.
      const old = product.image;
      product.image = toProductImage(image, auth.userId, auth.store._id);
      if ('filePath' in old) deleteUpload(old.filePath);
    }
    Object.assign(product, fields, { category: resolveMockCategory(auth.store._id, fields.category), description: sanitizeDescription(description) });
    // Absent keeps the reorder point (clients of the original contract do not know it).
    if (reorderPoint !== undefined) product.reorderPoint = reorderPoint;
    // So do the barcode and the part number.
    if (barcode !== undefined) product.barcode = barcode;
    if (mpn !== undefined) product.mpn = mpn;
    // And the cost (only roles that may set it send it: refused above otherwise).
    if (cost !== undefined) product.cost = cost;
    // The quantity moves through the ledger: the difference, as an "edited" movement.
    if (quantity !== product.quantity) moveMockStock(product, quantity - product.quantity, 'edited', auth.actor, null, false);
    stampChange(product, auth.actor);
    notifyMockDbChange();
    return productResponse(product, auth.role);
  }),

  // Archived when it has a history, else deleted (the contract's removalOf); SPEC.md's answer either way (0033).
  http.delete<{ id: string }>(api('/products/:id'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:delete');
    if (!auth.ok) return auth.response;
    const product = ownProduct(params.id, auth.store._id);
    if (!product) return notFound();
    if (isStaleEdit(request, product.version)) return errorResponse(409, MESSAGES.editConflict);
    const outcome = removeProducts([product], auth.actor).deleted.length > 0 ? 'deleted' : 'archived';
    notifyMockDbChange();
    return HttpResponse.json({ message: MESSAGES.productDeleted }, { headers: { 'Product-Removal': outcome } });
  }),
];
