import { useCallback, useEffect, useState } from 'react';
import { toMessage } from '../../api/client';
import { getLabelProducts, type LabelProducts } from './api';

export type LabelProductsState =
  | { status: 'loading' }
  | ({ status: 'loaded' } & LabelProducts)
  | { status: 'failed'; message: string };

/** The products of the print view, fetched again when the ids change or on retry; a stale answer is dropped. */
export function useLabelProducts(ids: string[]): LabelProductsState & { retry: () => void } {
  const [state, setState] = useState<LabelProductsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const key = ids.join(',');
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getLabelProducts(key === '' ? [] : key.split(','), controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setState({ status: 'loaded', ...answer });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: toMessage(error) });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
