import { formatPercent, type DocumentTotals } from '@inventory/contract/rules';

export interface OrderTotalsTableProps {
  totals: DocumentTotals;
  money: (cents: number) => string;
  /** The table's accessible name. */
  caption?: string;
}

/** An order's total block: net, the tax of each rate on its lines, gross (the contract's orderTotals computed them). */
export function OrderTotalsTable({ totals, money, caption = 'Order totals' }: OrderTotalsTableProps) {
  return (
    <table className="w-full max-w-md self-end border-collapse text-sm text-ink">
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
