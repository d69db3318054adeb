import { useCallback, useEffect, useRef, useState } from 'react';
import { isReceivable, type Product, type PurchaseOrder } from '@inventory/contract/rules';
import { announce, Button, buttonVariants, Card, PageHeader } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { ItemLoadState } from '../../catalogue/ItemLoadState';
import { useRouteItem } from '../../catalogue/useRouteItem';
import { RequirePermission } from '../../membership/RequirePermission';
import { selectOffers } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { ScanButton } from '../../scanning/ScanButton';
import { useScanTarget } from '../../scanning/scanTarget';
import { useCodeLookup } from '../../scanning/useCodeLookup';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { toast } from '../../toasts/toastsSlice';
import {
  costProblem,
  countProblem,
  itemsCounted,
  stepped,
  toReceiptBody,
  type LineTexts,
} from './receiveCounts';
import { moneyIn } from './purchaseOrderLinesForm';
import { PURCHASE_ORDER_LOAD_TEXTS, PURCHASE_ORDER_ON_ROUTE } from './purchaseOrderOnRoute';
import { currencyRequested, receiptRequested, selectPurchaseOrders } from './purchaseOrdersSlice';
import { PURCHASE_TEXT } from './purchaseTexts';
import { ReceiveLineCard } from './ReceiveLineCard';

/** A receipt's Idempotency-Key: random hex (getRandomValues works on insecure origins too, unlike randomUUID). */
function newKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function Receiving({ order }: { order: PurchaseOrder }) {
  const dispatch = useAppDispatch();
  const { receiving, receiptsRecorded, receiptRefusal, currency } = useAppSelector(selectPurchaseOrders);
  const [counts, setCounts] = useState<LineTexts>({});
  const [costs, setCosts] = useState<LineTexts>({});
  const [tried, setTried] = useState(false);
  const [lastScanned, setLastScanned] = useState<string | null>(null);
  // One key per receipt as counted: a retry of the same counts (its answer lost) receives nothing twice.
  const [key, setKey] = useState(newKey);
  const [recordedAt, setRecordedAt] = useState(receiptsRecorded);
  // The lines still to come, and any line counted that no longer is (received meanwhile): its count stays in view.
  const open = (order.lines ?? []).filter((line) => line.outstanding > 0 || (counts[line._id] ?? '') !== '');
  const money = moneyIn(currency);
  // Staff receive at each line's unit cost and see none (0047).
  const costed = useAppSelector(selectOffers('cost:update'));

  useEffect(() => {
    dispatch(currencyRequested());
  }, [dispatch]);

  // A receipt recorded: the counts start again for the next part.
  if (recordedAt !== receiptsRecorded) {
    setRecordedAt(receiptsRecorded);
    setCounts({});
    setCosts({});
    setTried(false);
    setLastScanned(null);
    setKey(newKey());
  }

  const changeCount = (lineId: string, text: string) => {
    setCounts((current) => ({ ...current, [lineId]: text }));
    setKey(newKey());
  };

  // The lines as they are now, for a scan whose product arrives later.
  const linesNow = useRef(open);
  linesNow.current = open;
  const countsNow = useRef(counts);
  countsNow.current = counts;
  const countScanned = useCallback(
    (product: Product): string => {
      const line = linesNow.current.find((each) => each.product?._id === product._id);
      if (!line) {
        dispatch(toast.error(PURCHASE_TEXT.notOnOrder(product.name)));
        return PURCHASE_TEXT.notOnOrder(product.name);
      }
      const next = stepped(countsNow.current[line._id], 1);
      countsNow.current = { ...countsNow.current, [line._id]: next };
      setCounts(countsNow.current);
      announce(PURCHASE_TEXT.scannedCounted(product.name, Number(next)));
      setKey(newKey());
      setLastScanned(line._id);
      return PURCHASE_TEXT.scannedCountedOf(product.name, Number(next), line.outstanding);
    },
    [dispatch],
  );
  const lookUpCode = useCodeLookup(countScanned);
  useScanTarget(countScanned);
  const [typedCode, setTypedCode] = useState('');

  const countErrors = Object.fromEntries(open.map((line) => [line._id, countProblem(counts[line._id], line)]));
  const costErrors = Object.fromEntries(open.map((line) => [line._id, tried ? costProblem(costs[line._id]) : null]));
  const items = itemsCounted(open, counts);

  const submit = () => {
    setTried(true);
    const badCount = open.find((line) => countErrors[line._id]);
    const badCost = open.find((line) => costProblem(costs[line._id]) && (counts[line._id] ?? '') !== '');
    if (badCount || badCost) {
      const line = (badCount ?? badCost)!;
      document.getElementById(`receive-${line._id}-${badCount ? 'count' : 'cost'}`)?.focus();
      return;
    }
    if (items === 0) return;
    dispatch(receiptRequested({ orderId: order._id, body: toReceiptBody(open, counts, costs), key }));
  };

  if (!isReceivable(order.status)) {
    return (
      <Card>
        <div className="flex flex-col items-start gap-4">
          <p className="m-0 text-ink">
            {order.status === 'received'
              ? `Everything on ${order.reference} has been received.`
              : `${order.reference} is not on order: nothing to receive.`}
          </p>
          <Link to={`/purchase-orders/${order._id}`} className={buttonVariants({ variant: 'secondary' })}>
            View {order.reference}
          </Link>
        </div>
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <div className="flex flex-col gap-3">
          <p className="m-0 text-ink">
            From {order.supplier.name}. Count what arrived: tap + and −, or scan each item's barcode (the camera, or a
            scanner anywhere on this page). A part of the order may be received now and the rest later.
          </p>
          <form
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (typedCode.trim() === '') return;
              lookUpCode(typedCode.trim());
              setTypedCode('');
            }}
          >
            <label className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm font-medium text-ink" htmlFor="receive-code">
              Scan or type a code
              <input
                id="receive-code"
                name="code"
                type="text"
                autoComplete="off"
                value={typedCode}
                onChange={(event) => setTypedCode(event.target.value)}
                className="h-12 w-full rounded-md border border-line-strong bg-surface px-3 text-base text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
              />
            </label>
            <Button type="submit" variant="secondary" size="lg">
              Count
            </Button>
            <ScanButton onProduct={countScanned} label="Scan an item's barcode" keepOpen />
          </form>
        </div>
      </Card>
      <ul aria-label="Outstanding lines" className="m-0 flex list-none flex-col gap-3 p-0">
        {open.map((line) => (
          <ReceiveLineCard
            key={line._id}
            line={line}
            count={counts[line._id] ?? ''}
            cost={costs[line._id] ?? ''}
            countError={countErrors[line._id] ?? null}
            costError={costErrors[line._id] ?? null}
            money={money}
            costed={costed}
            disabled={receiving}
            highlighted={lastScanned === line._id}
            onCount={(text) => changeCount(line._id, text)}
            onStep={(by) => changeCount(line._id, stepped(counts[line._id], by))}
            onCost={(text) => setCosts((current) => ({ ...current, [line._id]: text }))}
          />
        ))}
      </ul>
      {receiptRefusal ? (
        <p role="alert" className="m-0 font-medium text-danger">
          {receiptRefusal} Each line now shows what is outstanding; your counts are kept.
        </p>
      ) : null}
      {tried && items === 0 ? (
        <p role="alert" className="m-0 font-medium text-danger">
          {PURCHASE_TEXT.nothingCounted}
        </p>
      ) : null}
      <div className="sticky bottom-0 -mx-2 bg-surface-muted px-2 py-3">
        <Button size="lg" fullWidth loading={receiving} onClick={submit}>
          Submit receipt ({items === 1 ? '1 item' : `${items} items`})
        </Button>
      </div>
    </div>
  );
}

/**
 * /purchase-orders/:id/receive: receiving in the stockroom, made for a phone. Each outstanding line shows a running
 * count with big − and + buttons; scanning an item (camera, or a wedge scanner typing anywhere or into the code
 * field) counts one more of its line, the camera staying open scan after scan until closed; a unit cost received may be given per line. Submit receipt records what was
 * counted (a part is fine). The server's 409 (more than is outstanding, perhaps received meanwhile on another phone)
 * is said, the lines show what is outstanding now, and every count stays.
 */
export function ReceivePage() {
  usePageTitle('Receive');
  const { item: order, status, message, reload } = useRouteItem(PURCHASE_ORDER_ON_ROUTE);
  return (
    <div>
      <PageHeader
        title={order ? `Receive ${order.reference}` : 'Receive'}
        actions={
          order ? (
            <Link to={`/purchase-orders/${order._id}`} className={buttonVariants({ variant: 'secondary' })}>
              Back to {order.reference}
            </Link>
          ) : null
        }
      />
      <RequirePermission permission="purchasing:receive" backHref="/purchase-orders" backLabel="Back to the purchase orders">
        {order ? (
          <Receiving order={order} />
        ) : (
          <ItemLoadState {...PURCHASE_ORDER_LOAD_TEXTS} status={status} message={message} onRetry={reload} />
        )}
      </RequirePermission>
    </div>
  );
}
