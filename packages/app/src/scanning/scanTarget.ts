import { useEffect } from 'react';
import type { Product } from '@inventory/contract/rules';

type ScanTarget = (product: Product) => void;

/** The screens that take a keyboard-wedge scan themselves, the one shown last on top. */
const targets: ScanTarget[] = [];

/**
 * While the calling screen is shown, a keyboard-wedge scan made with the focus on no field gives its product to
 * `onProduct` (the order form adds it as a line) instead of opening the product's page (useWedgeScans).
 */
export function useScanTarget(onProduct: ScanTarget): void {
  useEffect(() => {
    targets.push(onProduct);
    return () => {
      const index = targets.lastIndexOf(onProduct);
      if (index >= 0) targets.splice(index, 1);
    };
  }, [onProduct]);
}

/** The screen that takes scans now, or null: the product's page opens. */
export function currentScanTarget(): ScanTarget | null {
  return targets.at(-1) ?? null;
}
