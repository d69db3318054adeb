import { formatMoneyIn } from '@inventory/contract/rules';
import { Card } from '@inventory/ui';
import { DocumentTotalsTable } from '../../documents/DocumentTotalsTable';
import { SAMPLE_AMOUNT_CENTS, SAMPLE_LINE_CENTS, type SamplePreview } from './samplePreview';

/**
 * How a document of this store would print amounts: a sample amount in its currency, and a sample total block (net,
 * tax per rate, gross) of lines of 55.55 and 11.11 at its rates, computed by the contract's documentTotals, the rule
 * invoices use: tax per document and rate, rounded half away from zero, so the block adds up on the page.
 */
export function TotalsPreview({ preview }: { preview: SamplePreview }) {
  const { currency, totals, pricesIncludeTax } = preview;
  const money = (cents: number) => formatMoneyIn(cents, currency);
  const sample = SAMPLE_LINE_CENTS.map(money).join(' and ');
  return (
    <Card title="Preview">
      <div className="flex flex-col gap-4">
        <p className="m-0 text-ink">
          An amount prints as <span className="font-mono font-semibold">{money(SAMPLE_AMOUNT_CENTS)}</span>.
        </p>
        {totals.rates.length === 0 ? (
          <p className="m-0 text-ink-muted">Add a tax rate to see a sample total block.</p>
        ) : (
          <>
            <p className="m-0 text-sm text-ink-muted">
              Lines of {sample} {pricesIncludeTax ? 'with tax included' : 'before tax'} at each rate: the tax of a rate is computed once on its
              lines together, so the block adds up to the cent.
            </p>
            <DocumentTotalsTable totals={totals} money={money} caption="Sample total block" />
          </>
        )}
      </div>
    </Card>
  );
}
