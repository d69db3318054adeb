import type {
  Page,
  PurchaseOrder,
  Receipt,
  ReceiptCreated,
  StoreSettings,
  Supplier,
} from '@inventory/contract/rules';
import { apiClient } from '../../api/client';
import { ifMatch, versioned, type Versioned } from '../../catalogue/versioned';

/** The calls of purchase orders and receiving (docs/decisions/0042). Only sagas call these. */
const ORDERS = '/api/purchase-orders';
const one = (id: string) => `${ORDERS}/${encodeURIComponent(id)}`;

/** A line as POST/PATCH /api/purchase-orders sends it; `unitCost` null while not known (drafts only). */
export interface PurchaseOrderLineBody {
  productId: string;
  quantity: number;
  unitCost: number | null;
}

export interface PurchaseOrderBody {
  supplierId: string;
  /** YYYY-MM-DD, or null for not known. */
  expectedDate: string | null;
  notes: string;
  lines: PurchaseOrderLineBody[];
}

/** What arrived, line by line; `unitCost` only where it differs from the line's. */
export interface ReceiptBody {
  lines: { lineId: string; quantity: number; unitCost?: number }[];
}

/** How the store prints amounts (the purchase order screens show costs in the store's currency). */
export interface Currency {
  symbol: string;
  decimals: number;
}

/** One page of purchase orders, newest first (`GET /api/purchase-orders?limit=…&status=…&supplierId=…&q=…`). */
export async function getPurchaseOrderPage(
  params: Record<string, string | number>,
  signal: AbortSignal,
): Promise<Page<PurchaseOrder>> {
  // The list is newest first only: the paged list's sort is not a parameter of this call.
  const { sort: _sort, dir: _dir, ...query } = params;
  return (await apiClient.get<Page<PurchaseOrder>>(ORDERS, { params: query, signal })).data;
}

export async function getPurchaseOrder(id: string): Promise<Versioned<PurchaseOrder>> {
  return versioned(await apiClient.get<PurchaseOrder>(one(id)));
}

export async function createPurchaseOrder(body: PurchaseOrderBody): Promise<PurchaseOrder> {
  return (await apiClient.post<PurchaseOrder>(ORDERS, body)).data;
}

export async function updatePurchaseOrder(
  id: string,
  body: PurchaseOrderBody,
  etag: string | null,
): Promise<Versioned<PurchaseOrder>> {
  return versioned(await apiClient.patch<PurchaseOrder>(one(id), body, { headers: ifMatch(etag) }));
}

export async function deletePurchaseOrder(id: string, etag: string | null): Promise<void> {
  await apiClient.delete(one(id), { headers: ifMatch(etag) });
}

/** Send (ordered) or cancel. */
export async function setPurchaseOrderStatus(
  id: string,
  status: 'ordered' | 'cancelled',
  etag: string | null,
): Promise<Versioned<PurchaseOrder>> {
  return versioned(await apiClient.post<PurchaseOrder>(`${one(id)}/status`, { status }, { headers: ifMatch(etag) }));
}

/** Mails the sent order to its supplier (through the outbox); answers the server's message. */
export async function mailPurchaseOrder(id: string): Promise<string> {
  return (await apiClient.post<{ message: string }>(`${one(id)}/mail`)).data.message;
}

export async function listReceipts(id: string): Promise<Receipt[]> {
  return (await apiClient.get<Receipt[]>(`${one(id)}/receipts`)).data;
}

/** A receipt; the key makes a retry of a receipt whose answer never arrived receive nothing twice. */
export async function createReceipt(id: string, body: ReceiptBody, idempotencyKey: string): Promise<ReceiptCreated> {
  return (
    await apiClient.post<ReceiptCreated>(`${one(id)}/receipts`, body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).data;
}

/** The store's suppliers who are not archived, by name, as the form's picker and the list's filter offer them. */
export async function searchSuppliers(q: string, limit: number): Promise<Supplier[]> {
  const params: Record<string, string | number> = { limit, sort: 'name', dir: 'asc' };
  if (q.trim()) params.q = q.trim();
  return (await apiClient.get<Page<Supplier>>('/api/suppliers', { params })).data.items;
}

export async function getCurrency(): Promise<Currency> {
  const settings = (await apiClient.get<StoreSettings>('/api/stores/active/settings')).data;
  return { symbol: settings.currencySymbol, decimals: settings.currencyDecimals };
}

/** The server's PDF of the order (a download; the session cookie signs it in). */
export function purchaseOrderPdfHref(id: string): string {
  return `${apiClient.defaults.baseURL ?? ''}${one(id)}/pdf`;
}
