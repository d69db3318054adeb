import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db';
import { isLow } from '../../stock/ledger';

/** A product's columns that count in its store's figures and its category's counts. */
export interface Counted {
  category: string;
  price_cents: number;
  quantity: number;
  reorder_point: number | null;
}

interface Change {
  products: number;
  outOfStock: number;
  lowStock: number;
}


/**
 * What an import changes in its store's figures and category counts, added up from the rows it writes: the rule of
 * the PostgreSQL triggers that keep them (migrations 0006, 0008, 0009), applied once for all the rows instead of once
 * per row (see writeImport). Its cost follows the import's size, not the store's.
 */
export function createFigureChanges() {
  const store: Change & { valueCents: bigint } = { products: 0, valueCents: 0n, outOfStock: 0, lowStock: 0 };
  const categories = new Map<string, Change>();
  let written = 0;

  const count = (product: Counted, sign: 1 | -1) => {
    const out = product.quantity === 0 ? sign : 0;
    const low = isLow(product.quantity, product.reorder_point) ? sign : 0;
    store.products += sign;
    store.valueCents += BigInt(sign) * BigInt(product.price_cents) * BigInt(product.quantity);
    store.outOfStock += out;
    store.lowStock += low;
    const category = categories.get(product.category) ?? { products: 0, outOfStock: 0, lowStock: 0 };
    category.products += sign;
    category.outOfStock += out;
    category.lowStock += low;
    categories.set(product.category, category);
  };

  return {
    inserted(product: Counted) {
      written += 1;
      count(product, 1);
    },
    updated(before: Counted, after: Counted) {
      written += 1;
      count(before, -1);
      count(after, 1);
    },
    /** Add the changes to the store's counter rows, and bump its product list version once per row written. */
    async apply(trx: Kysely<Database>, storeId: string): Promise<void> {
      if (written === 0) return;
      await sql`
        insert into store_stats (store_id, products, value_cents, out_of_stock, low_stock)
        values (${storeId}, ${store.products}, ${store.valueCents.toString()}::numeric, ${store.outOfStock}, ${store.lowStock})
        on conflict (store_id) do update set products = store_stats.products + excluded.products,
          value_cents = store_stats.value_cents + excluded.value_cents,
          out_of_stock = store_stats.out_of_stock + excluded.out_of_stock,
          low_stock = store_stats.low_stock + excluded.low_stock`.execute(trx);
      const changed = [...categories].filter(([, c]) => c.products !== 0 || c.outOfStock !== 0 || c.lowStock !== 0);
      if (changed.length > 0) {
        const rows = JSON.stringify(changed.map(([name, c]) => [name, c.products, c.outOfStock, c.lowStock]));
        await sql`
          insert into store_categories (store_id, category, products, out_of_stock, low_stock)
          select ${storeId}, c.value ->> 0, cast(c.value ->> 1 as integer), cast(c.value ->> 2 as integer),
            cast(c.value ->> 3 as integer)
          from json_array_elements(cast(${rows} as json)) as c(value)
          on conflict (store_id, category) do update set products = store_categories.products + excluded.products,
            out_of_stock = store_categories.out_of_stock + excluded.out_of_stock,
            low_stock = store_categories.low_stock + excluded.low_stock`.execute(trx);
        await sql`delete from store_categories where store_id = ${storeId} and products <= 0`.execute(trx);
      }
      await sql`update store_versions set products = products + ${written} where store_id = ${storeId}`.execute(trx);
    },
  };
}
