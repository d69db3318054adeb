import { formatPercent, type DocumentTotals } from '@inventory/contract/rules';

export interface DocumentTotalsTableProps {
  totals: DocumentTotals;
  money: (cents: number) => string;
  /** The table's accessible name. */
  caption: string;
  /** Where it sits in its column (e.g. `self-end`). */
  className?: string;
}

/**
 * A document's total block: net, the tax of each rate on its lines, gross, as the contract's documentTotals computed
 * them (an order's, a store's sample of how its invoices add up).
 */
export function DocumentTotalsTable({ totals, money, caption, className = '' }: DocumentTotalsTableProps) {
  return (
    <table className={`w-full max-w-md border-collapse text-sm text-ink ${className}`.trim()}>
      <caption className="sr-only">{caption}</caption>
      <tbody>
        <tr className="border-b border-line">
          <th scope="row" className="py-2 text-left font-medium">
            Net
          </th>
          <td className="py-2 text-right font-mono">{money(totals.netCents)}</td>
        </tr>
        {totals.rates.map((rate) => (
          <tr key={rate.taxRateId} className="border-b border-line">
            <th scope="row" className="py-2 text-left font-normal">
              {rate.name} {formatPercent(rate.percent)} on {money(rate.netCents)}
            </th>
            <td className="py-2 text-right font-mono">{money(rate.taxCents)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row" className="py-2 text-left font-semibold">
            Gross
          </th>
          <td className="py-2 text-right font-mono font-semibold">{money(totals.grossCents)}</td>
        </tr>
      </tbody>
    </table>
  );
}
