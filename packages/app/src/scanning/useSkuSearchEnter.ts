import { useCallback, useEffect, useRef } from 'react';
import type { Product } from '@inventory/contract/rules';
import { findProductByCode } from './findProductByCode';

/**
 * Enter in a search box, as a handheld (keyboard wedge) scanner ends a code: when the text is a SKU, barcode or part number of the
 * active store, `onProduct` gets that product; otherwise nothing happens and the search stays as typed. A newer
 * Enter, or leaving the page, drops an answer still on its way; a failed lookup is the same as no match (the search
 * shows its own error).
 */
export function useSkuSearchEnter(onProduct: (product: Product) => void): (text: string) => void {
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);
  return useCallback(
    (text: string) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      findProductByCode(text, controller.signal).then(
        (product) => {
          if (product && !controller.signal.aborted) onProduct(product);
        },
        () => undefined,
      );
    },
    [onProduct],
  );
}
