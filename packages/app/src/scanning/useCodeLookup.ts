import { useCallback, useEffect, useRef } from 'react';
import type { Product } from '@inventory/contract/rules';
import { toMessage } from '../api/client';
import { findProductByCode } from './findProductByCode';
import { SCAN_TEXT } from './scanMessages';
import { useAppDispatch } from '../store/hooks';
import { toast } from '../toasts/toastsSlice';

/**
 * A code typed or scanned (a keyboard wedge ends it with Enter): its product (SKU, barcode or part number, by the
 * contract's productOfScannedCode) goes to `onProduct`; none is a toast naming the code. A newer code, or leaving the
 * page, drops an answer still on its way.
 */
export function useCodeLookup(onProduct: (product: Product) => void): (code: string) => void {
  const dispatch = useAppDispatch();
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);
  return useCallback(
    (code: string) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      findProductByCode(code, controller.signal).then(
        (product) => {
          if (controller.signal.aborted) return;
          if (product) onProduct(product);
          else dispatch(toast.error(SCAN_TEXT.notFound(code)));
        },
        (error: unknown) => {
          if (!controller.signal.aborted) dispatch(toast.error(toMessage(error)));
        },
      );
    },
    [dispatch, onProduct],
  );
}
