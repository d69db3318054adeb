import { useCallback, useEffect, useState } from 'react';
import { toMessage } from '../../api/client';
import { getLabelProducts, getMatchingLabelProducts, type LabelProducts } from './api';
import { MAX_LABELS } from './labelLayouts';

export type LabelProductsState =
  | { status: 'loading' }
  | ({ status: 'loaded'; more?: boolean } & LabelProducts)
  | { status: 'failed'; message: string };

/**
 * The products of the print view (by ids, or every product of the dashboard's query: `matching`), fetched again when
 * they change or on retry; a stale answer is dropped.
 */
export function useLabelProducts(ids: string[], matching: string | null = null): LabelProductsState & { retry: () => void } {
  const [state, setState] = useState<LabelProductsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const key = ids.join(',');
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    const load =
      matching !== null
        ? getMatchingLabelProducts(matching, MAX_LABELS, controller.signal)
        : getLabelProducts(key === '' ? [] : key.split(','), controller.signal);
    load.then(
      (answer) => {
        if (!controller.signal.aborted) setState({ status: 'loaded', ...answer });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: toMessage(error) });
      },
    );
    return () => controller.abort();
  }, [key, matching, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
