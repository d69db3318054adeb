import {
  firstIssueMessage,
  idParamsSchema,
  keysetPage,
  linkSupplierRefusal,
  MESSAGES,
  orderProductSuppliers,
  preferredOfNewLink,
  PRODUCT_SUPPLIER_DEFAULTS,
  productSupplierCreateSchema,
  productSupplierParamsSchema,
  productSupplierPutSchema,
  querySuppliers,
  type Supplier,
  supplierListQuerySchema,
  supplierNameKey,
  supplierProductsQuerySchema,
  supplierSchema,
  supplierUpdateSchema,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import {
  mockDb,
  newUuid,
  notifyMockDbChange,
  productsOf,
  stampChange,
  type StoredActor,
  type StoredProductSupplier,
  type StoredSupplier,
  suppliersOf,
  toActor,
  toProductSupplier,
  toPublicSupplier,
} from '../db';
import { api, errorResponse, etag, isStaleEdit, readJsonBody } from '../http';
import { requireStore } from '../store-auth';
import { removeOrArchive, restoreArchived } from './archivable';

/** The supplier `:id` names in this store, or undefined (unknown, another store's, or not a UUID: all 404). */
export function ownSupplier(id: string | null | undefined, storeId: string): StoredSupplier | undefined {
  if (!idParamsSchema.safeParse({ id }).success) return undefined;
  return mockDb.suppliers.find((s) => s._id === id && s.storeId === storeId);
}

const notFound = () => errorResponse(404, MESSAGES.supplierNotFound);
const linksOfSupplier = (supplier: StoredSupplier) => mockDb.productSuppliers.filter((l) => l.supplierId === supplier._id);

function supplierResponse(supplier: StoredSupplier, status = 200): Response {
  const answer: Supplier = {
    ...toPublicSupplier(supplier),
    products: linksOfSupplier(supplier).length,
    createdBy: toActor(supplier.creator),
    updatedBy: toActor(supplier.changer),
  };
  return HttpResponse.json(answer, { status, headers: { ETag: etag(supplier.version) } });
}

/** Another supplier of the store with this name (whatever its case): the server's unique index, as a 409. */
function nameTaken(storeId: string, name: string | undefined, self?: StoredSupplier): Response | null {
  if (name === undefined) return null;
  const holder = suppliersOf(storeId).find((s) => s !== self && supplierNameKey(s.name) === supplierNameKey(name));
  return holder ? errorResponse(409, MESSAGES.supplierNameTaken(holder.name)) : null;
}

const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

/** A new link of a product to a supplier, preferred by the contract's rule (clearing the product's other one). */
function addLink(storeId: string, productId: string, supplierId: string, fields: Partial<StoredProductSupplier>, actor: StoredActor): StoredProductSupplier {
  const theirs = mockDb.productSuppliers.filter((l) => l.productId === productId);
  const preferred = preferredOfNewLink(fields.preferred, theirs.some((l) => l.preferred));
  const at = new Date().toISOString();
  if (preferred) for (const link of theirs.filter((l) => l.preferred)) Object.assign(link, { preferred: false, changer: actor, updatedAt: at });
  const link: StoredProductSupplier = {
    _id: newUuid(),
    storeId,
    productId,
    supplierId,
    ...PRODUCT_SUPPLIER_DEFAULTS,
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    preferred,
    createdAt: at,
    updatedAt: at,
    creator: actor,
    changer: actor,
  };
  mockDb.productSuppliers.push(link);
  return link;
}

/** The supplier a new link may name: the contract's refusal (404 none, 409 archived) as a response, or the supplier. */
function linkable(storeId: string, supplierId: string): StoredSupplier | Response {
  const supplier = ownSupplier(supplierId, storeId);
  const refusal = linkSupplierRefusal(supplier ?? null);
  return refusal ? errorResponse(refusal.status, refusal.message) : supplier!;
}

/** The supplier routes of the API, with the server's behaviour (features/suppliers): the rules are the contract's. */
export const supplierHandlers = [
  http.get(api('/suppliers'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'suppliers:read');
    if (!auth.ok) return auth.response;
    const query = supplierListQuerySchema.safeParse(queryOf(request));
    if (!query.success) return errorResponse(400, firstIssueMessage(query.error));
    return HttpResponse.json(querySuppliers(suppliersOf(auth.store._id).map(toPublicSupplier), query.data));
  }),

  http.post(api('/suppliers'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'suppliers:create');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = supplierSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const taken = nameTaken(auth.store._id, parsed.data.name);
    if (taken) return taken;
    const now = new Date().toISOString();
    const supplier: StoredSupplier = {
      _id: newUuid(),
      ...parsed.data,
      archivedAt: null,
      createdAt: now,
      updatedAt: now,
      storeId: auth.store._id,
      version: 1,
      creator: auth.actor,
      changer: auth.actor,
    };
    mockDb.suppliers.push(supplier);
    notifyMockDbChange();
    return supplierResponse(supplier, 201);
  }),

  http.get<{ id: string }>(api('/suppliers/:id'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'suppliers:read');
    if (!auth.ok) return auth.response;
    const supplier = ownSupplier(params.id, auth.store._id);
    return supplier ? supplierResponse(supplier) : notFound();
  }),

  http.patch<{ id: string }>(api('/suppliers/:id'), async ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'suppliers:update');
    if (!auth.ok) return auth.response;
    const supplier = ownSupplier(params.id, auth.store._id);
    if (!supplier) return notFound();
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = supplierUpdateSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    if (isStaleEdit(request, supplier.version)) return errorResponse(409, MESSAGES.editConflict);
    const taken = nameTaken(auth.store._id, parsed.data.name, supplier);
    if (taken) return taken;
    Object.assign(supplier, parsed.data);
    stampChange(supplier, auth.actor);
    notifyMockDbChange();
    return supplierResponse(supplier);
  }),

  http.delete<{ id: string }>(api('/suppliers/:id'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'suppliers:delete');
    if (!auth.ok) return auth.response;
    const supplier = ownSupplier(params.id, auth.store._id);
    if (!supplier) return notFound();
    if (isStaleEdit(request, supplier.version)) return errorResponse(409, MESSAGES.editConflict);
    // Products and purchase orders name a supplier: either keeps them (archived), as on the server.
    const references = linksOfSupplier(supplier).length + mockDb.purchaseOrders.filter((o) => o.supplierId === supplier._id).length;
    const outcome = removeOrArchive(supplier, references, () => {
      mockDb.suppliers = mockDb.suppliers.filter((c) => c !== supplier);
    }, auth.actor);
    return HttpResponse.json({ message: outcome === 'deleted' ? MESSAGES.supplierDeleted : MESSAGES.supplierArchived, outcome });
  }),

  http.post<{ id: string }>(api('/suppliers/:id/restore'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'suppliers:delete');
    if (!auth.ok) return auth.response;
    const supplier = ownSupplier(params.id, auth.store._id);
    if (!supplier) return notFound();
    if (isStaleEdit(request, supplier.version)) return errorResponse(409, MESSAGES.editConflict);
    restoreArchived(supplier, auth.actor);
    return supplierResponse(supplier);
  }),

  http.get<{ id: string }>(api('/suppliers/:id/products'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'suppliers:read');
    if (!auth.ok) return auth.response;
    const query = supplierProductsQuerySchema.safeParse(queryOf(request));
    if (!query.success) return errorResponse(400, firstIssueMessage(query.error));
    const supplier = ownSupplier(params.id, auth.store._id);
    if (!supplier) return notFound();
    // The links made last first, by their time-ordered ids on a tie (as the server's index).
    const links = linksOfSupplier(supplier).map((link) => ({ ...toProductSupplier(link), _id: link._id }));
    const page = keysetPage(links, { ...query.data, sort: 'createdAt', dir: 'desc' }, (link) => link.createdAt, true);
    return HttpResponse.json({ ...page, items: page.items.map(({ _id: _link, ...link }) => link) });
  }),

  http.get<{ id: string }>(api('/products/:id/suppliers'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'suppliers:read');
    if (!auth.ok) return auth.response;
    const product = productsOf(auth.store._id).find((p) => p._id === params.id);
    if (!product) return errorResponse(404, MESSAGES.productNotFound);
    return HttpResponse.json(orderProductSuppliers(mockDb.productSuppliers.filter((l) => l.productId === product._id).map(toProductSupplier)));
  }),

  http.post<{ id: string }>(api('/products/:id/suppliers'), async ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'suppliers:update');
    if (!auth.ok) return auth.response;
    const product = productsOf(auth.store._id).find((p) => p._id === params.id);
    if (!product) return errorResponse(404, MESSAGES.productNotFound);
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = productSupplierCreateSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const { supplierId, ...fields } = parsed.data;
    const supplier = linkable(auth.store._id, supplierId);
    if (supplier instanceof Response) return supplier;
    if (mockDb.productSuppliers.some((l) => l.productId === product._id && l.supplierId === supplierId))
      return errorResponse(409, MESSAGES.productSupplierExists(supplier.name));
    const link = addLink(auth.store._id, product._id, supplierId, fields, auth.actor);
    notifyMockDbChange();
    return HttpResponse.json(toProductSupplier(link), { status: 201 });
  }),

  http.put<{ id: string; supplierId: string }>(api('/products/:id/suppliers/:supplierId'), async ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'suppliers:update');
    if (!auth.ok) return auth.response;
    const path = productSupplierParamsSchema.safeParse({ id: params.id, supplierId: params.supplierId });
    if (!path.success) return errorResponse(404, firstIssueMessage(path.error));
    const product = productsOf(auth.store._id).find((p) => p._id === path.data.id);
    if (!product) return errorResponse(404, MESSAGES.productNotFound);
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = productSupplierPutSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const existing = mockDb.productSuppliers.find((l) => l.productId === product._id && l.supplierId === path.data.supplierId);
    if (!existing) {
      const supplier = linkable(auth.store._id, path.data.supplierId);
      if (supplier instanceof Response) return supplier;
      const link = addLink(auth.store._id, product._id, supplier._id, parsed.data, auth.actor);
      notifyMockDbChange();
      return HttpResponse.json(toProductSupplier(link));
    }
    const at = new Date().toISOString();
    if (parsed.data.preferred === true)
      for (const other of mockDb.productSuppliers.filter((l) => l.productId === product._id && l !== existing && l.preferred))
        Object.assign(other, { preferred: false, changer: auth.actor, updatedAt: at });
    Object.assign(existing, Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined)), { changer: auth.actor, updatedAt: at });
    notifyMockDbChange();
    return HttpResponse.json(toProductSupplier(existing));
  }),

  http.delete<{ id: string; supplierId: string }>(api('/products/:id/suppliers/:supplierId'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'suppliers:update');
    if (!auth.ok) return auth.response;
    const path = productSupplierParamsSchema.safeParse({ id: params.id, supplierId: params.supplierId });
    if (!path.success) return errorResponse(404, firstIssueMessage(path.error));
    const product = productsOf(auth.store._id).find((p) => p._id === path.data.id);
    if (!product) return errorResponse(404, MESSAGES.productNotFound);
    const existing = mockDb.productSuppliers.find((l) => l.productId === product._id && l.supplierId === path.data.supplierId);
    if (!existing) return errorResponse(404, MESSAGES.productSupplierNotFound);
    mockDb.productSuppliers = mockDb.productSuppliers.filter((l) => l !== existing);
    notifyMockDbChange();
    return HttpResponse.json({ message: MESSAGES.productSupplierRemoved });
  }),
];
