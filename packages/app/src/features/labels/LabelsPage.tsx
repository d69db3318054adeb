import { Button, EmptyState, ErrorState, PageHeader, Select, Spinner, buttonVariants } from '@inventory/ui';
import { Printer } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../page/usePageTitle';
import { LABEL_LAYOUTS, MAX_LABELS, pagesOf, parseLabelRequest, type LabelLayoutId } from './labelLayouts';
import { LabelSheet } from './LabelSheet';
import { labelPrintStyle } from './labelPrintStyle';
import { useLabelProducts } from './useLabelProducts';

const LAYOUT_OPTIONS = Object.values(LABEL_LAYOUTS).map((layout) => ({ value: layout.id, label: layout.name }));

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * /labels?ids=…&layout=…: the print view of the chosen products' labels, laid out for an A4 sheet or a label
 * printer. Print sends only the label pages to the printer (the app's frame and this toolbar stay on screen).
 */
export function LabelsPage() {
  usePageTitle('Print labels');
  const [params, setParams] = useSearchParams();
  const request = useMemo(() => parseLabelRequest(params), [params]);
  const layout = LABEL_LAYOUTS[request.layout];
  const state = useLabelProducts(request.ids, request.matching);
  const products = state.status === 'loaded' ? state.products : [];
  const printStyle = useMemo(() => labelPrintStyle(layout), [layout]);
  const pageCount = pagesOf(products, layout).length;

  const chooseLayout = (id: LabelLayoutId) => {
    const next = new URLSearchParams(params);
    next.set('layout', id);
    setParams(next, { replace: true });
  };

  return (
    <div className="flex flex-col gap-6">
      <style>{printStyle}</style>
      <PageHeader
        title="Print labels"
        className="mb-0"
        actions={
          <>
            <Link to="/dashboard" className={buttonVariants({ variant: 'secondary' })}>
              Back to the dashboard
            </Link>
            <Button onClick={() => window.print()} disabled={products.length === 0}>
              <Printer aria-hidden="true" className="size-4" />
              Print
            </Button>
          </>
        }
      />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <Select
          name="layout"
          label="Layout"
          options={LAYOUT_OPTIONS}
          value={layout.id}
          onChange={(event) => chooseLayout(event.target.value as LabelLayoutId)}
          wrapperClassName="w-96 max-w-full"
        />
        <p className="m-0 text-sm text-ink-muted" aria-live="polite">
          {state.status === 'loaded' && products.length > 0
            ? `${count(products.length, 'label')} on ${count(pageCount, layout.id === 'sheet' ? 'sheet' : 'page')}`
            : ''}
        </p>
      </div>
      {request.cut || (state.status === 'loaded' && state.more) ? (
        <p role="alert" className="m-0 text-sm text-danger">
          One print view makes at most {MAX_LABELS} labels: the first {MAX_LABELS} products are shown.
        </p>
      ) : null}
      {state.status === 'loaded' && state.missing.length > 0 ? (
        <p role="alert" className="m-0 text-sm text-danger">
          {count(state.missing.length, 'product')} could not be found (deleted, or of another store) and
          {state.missing.length === 1 ? ' has' : ' have'} no label.
        </p>
      ) : null}
      {request.ids.length === 0 && request.matching === null ? (
        <EmptyState
          message="No products chosen. Select products on the dashboard, then Print labels."
          action={
            <Link to="/dashboard" className={buttonVariants({ variant: 'primary' })}>
              Go to the dashboard
            </Link>
          }
        />
      ) : state.status === 'loading' ? (
        <div className="flex justify-center p-8">
          <Spinner size="lg" label="Loading labels" />
        </div>
      ) : state.status === 'failed' ? (
        <ErrorState message={state.message} onRetry={state.retry} />
      ) : products.length > 0 ? (
        <LabelSheet products={products} layout={layout} />
      ) : null}
    </div>
  );
}
