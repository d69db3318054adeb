import {
  CSV_DELIMITER_LABELS,
  CSV_ENCODING_LABELS,
  type ImportCheck,
  NUMBER_FORMAT_EXAMPLES,
} from '@inventory/contract/rules';
import { CircleCheck, Tags, TriangleAlert } from 'lucide-react';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * A dry run that passed: what would be created and updated, how the server read the file, how its categories are
 * filed ("laptops → Laptops", new ones), what its Supplier columns would link and which suppliers they would add (0037),
 * and the new rows whose name the store already has under another SKU (a likely duplicate, worth a look before
 * importing).
 */
export function CheckSummary({ checked }: { checked: ImportCheck }) {
  const { created, updated, encoding, delimiter, numberFormat, likelyDuplicates, likelyDuplicateCount, categories, categoriesMapped, categoriesCreated, suppliers } =
    checked;
  const read = [
    CSV_ENCODING_LABELS[encoding],
    `${CSV_DELIMITER_LABELS[delimiter]}-separated`,
    numberFormat ? `numbers as ${NUMBER_FORMAT_EXAMPLES[numberFormat]}` : 'plain numbers',
  ].join(', ');
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="m-0 flex items-start gap-2 rounded-md bg-brand-50 px-4 py-3 text-ink">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <span>
          Every row is valid: {plural(created, 'new product', 'new products')} and{' '}
          {plural(updated, 'update', 'updates')}. Nothing has been written yet.
          <span className="block text-sm text-ink-muted">Read as {read}.</span>
        </span>
      </p>
      {categories.length > 0 ? (
        <section aria-labelledby="import-categories-title" className="flex flex-col gap-2 rounded-md border border-line px-4 py-3">
          <h3 id="import-categories-title" className="m-0 flex items-center gap-2 text-base font-semibold text-ink">
            <Tags aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
            Categories: {plural(categoriesMapped, 'spelling is', 'spellings are')} filed under another spelling,{' '}
            {plural(categoriesCreated, 'category is', 'categories are')} new
          </h3>
          <ul className="m-0 flex flex-col gap-1 pl-5 text-sm text-ink">
            {categories.map((category) => (
              <li key={category.written}>
                {category.written === category.category ? (
                  <>“{category.written}” (new)</>
                ) : (
                  <>
                    “{category.written}” → {category.category}
                    {category.existing ? '' : ' (new)'}
                  </>
                )}
              </li>
            ))}
          </ul>
          {categoriesMapped + categoriesCreated > categories.length ? (
            <p className="m-0 text-sm text-ink-muted">and {categoriesMapped + categoriesCreated - categories.length} more</p>
          ) : null}
        </section>
      ) : null}
      {suppliers ? (
        <p className="m-0 rounded-md border border-line px-4 py-3 text-ink">
          {plural(suppliers.linked, 'row links its product', 'rows link their products')} to a supplier
          {suppliers.created > 0
            ? `; ${plural(suppliers.created, 'supplier is new and will be added', 'suppliers are new and will be added')}: ${(suppliers.newNames ?? []).join(', ')}${suppliers.created > (suppliers.newNames ?? []).length ? ' and more' : ''}.`
            : '; every supplier named is one you have.'}
        </p>
      ) : null}
      {likelyDuplicateCount > 0 ? (
        <section
          aria-labelledby="likely-duplicates-title"
          className="flex flex-col gap-2 rounded-md border border-line px-4 py-3"
        >
          <h3 id="likely-duplicates-title" className="m-0 flex items-center gap-2 text-base font-semibold text-ink">
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
            Likely duplicates: {plural(likelyDuplicateCount, 'new row has', 'new rows have')} the name of a product you
            already have
          </h3>
          <p className="m-0 text-sm text-ink-muted">
            They would be added as new products. If they are the same items, give them the existing SKU in the file to
            update those instead.
          </p>
          <ul className="m-0 flex flex-col gap-1 pl-5 text-sm text-ink">
            {likelyDuplicates.map((duplicate) => (
              <li key={duplicate.row}>
                Row {duplicate.row}: “{duplicate.name}” — already SKU {duplicate.sku}
              </li>
            ))}
          </ul>
          {likelyDuplicateCount > likelyDuplicates.length ? (
            <p className="m-0 text-sm text-ink-muted">and {likelyDuplicateCount - likelyDuplicates.length} more</p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
