import { randomUUID } from 'node:crypto';
import { type ImportSupplierLink, preferredOfNewLink, PRODUCT_SUPPLIER_DEFAULTS, toCents } from '@inventory/contract';
import type { Kysely } from 'kysely';
import { v7 as timeOrderedId } from 'uuid';
import type { Database } from '../db';
import type { StoreContext } from '../stores/access';
import { changedBy, createdBy } from '../stores/audit';
import { productsWithPreferred } from './links';

/** A batch row's product and the supplier link its Supplier columns give. */
export interface ImportLink {
  productId: string;
  link: ImportSupplierLink;
}

/**
 * The supplier links of one batch of a catalogue import (docs/decisions/0037-suppliers.md), in the import's
 * transaction, in a few multi-row statements whatever the batch's size: the suppliers the store has no supplier of that
 * name for (any case) made in one insert; then each link made or, when the product has it already, changed in the
 * columns the file maps, by one upsert on (product, supplier). A new link is the product's preferred one when the
 * product has none (the contract's preferredOfNewLink); an existing link keeps its flag. `known`: the batch's suppliers
 * the store has, by name key (looked up, and on PostgreSQL locked `for key share`, by the import's parse).
 */
export async function writeImportLinks(
  trx: Kysely<Database>,
  store: StoreContext,
  at: Date,
  links: readonly ImportLink[],
  known: ReadonlyMap<string, { id: string }>,
  mapped: { partNumber: boolean; packSize: boolean; lastCost: boolean },
): Promise<void> {
  if (links.length === 0) return;
  const { storeId } = store;
  const ids = new Map([...known].map(([key, supplier]) => [key, supplier.id]));
  const newSuppliers = new Map<string, { id: string; name: string }>();
  for (const { link } of links) if (!ids.has(link.key) && !newSuppliers.has(link.key)) newSuppliers.set(link.key, { id: randomUUID(), name: link.name });
  if (newSuppliers.size > 0) {
    const made = [...newSuppliers.values()].map(({ id, name }) => ({ id, store_id: storeId, name, lead_time_days: null, archived_at: null, ...createdBy(store.actor, at), version: 1 }));
    await trx.insertInto('suppliers').values(made).execute();
    for (const [key, { id }] of newSuppliers) ids.set(key, id);
  }
  const preferred = await productsWithPreferred(trx, storeId, [...new Set(links.map((row) => row.productId))]);
  const stamp = createdBy(store.actor, at);
  const rows = links.map(({ productId, link }) => ({
    id: timeOrderedId(),
    store_id: storeId,
    product_id: productId,
    supplier_id: ids.get(link.key)!,
    part_number: link.partNumber ?? PRODUCT_SUPPLIER_DEFAULTS.partNumber,
    pack_size: link.packSize ?? PRODUCT_SUPPLIER_DEFAULTS.packSize,
    last_cost_cents: link.lastCost === undefined || link.lastCost === null ? null : toCents(link.lastCost),
    preferred: preferredOfNewLink(undefined, preferred.has(productId)) ? 1 : 0,
    ...stamp,
  }));
  const changed = changedBy(store.actor, at);
  await trx
    .insertInto('product_suppliers')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['product_id', 'supplier_id']).doUpdateSet((eb) => ({
        ...(mapped.partNumber ? { part_number: eb.ref('excluded.part_number') } : {}),
        ...(mapped.packSize ? { pack_size: eb.ref('excluded.pack_size') } : {}),
        ...(mapped.lastCost ? { last_cost_cents: eb.ref('excluded.last_cost_cents') } : {}),
        ...changed,
      })),
    )
    .execute();
}
