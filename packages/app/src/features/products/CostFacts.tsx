import { productMargin } from '@inventory/contract/rules';
import { Fact } from '../../catalogue/ItemFacts';
import { formatMoney } from '../../catalogue/money';

const percentFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** An amount that may be negative: '-$12.50' rather than '$-12.50'. */
const signedMoney = (amount: number) => (amount < 0 ? `-${formatMoney(-amount)}` : formatMoney(amount));

/**
 * A product's cost and, once it is known, its margin (the contract's productMargin: price minus cost, and that as a
 * share of the price), for roles that see the cost.
 */
export function CostFacts({ price, cost }: { price: number; cost: number | null }) {
  const margin = productMargin(price, cost);
  return (
    <>
      <Fact label="Cost">{cost === null ? 'Not known' : formatMoney(cost)}</Fact>
      {margin ? (
        <Fact label="Margin">
          {signedMoney(margin.amount)}
          {margin.percent === null ? '' : ` (${percentFormat.format(margin.percent)}% of the price)`}
        </Fact>
      ) : null}
    </>
  );
}
