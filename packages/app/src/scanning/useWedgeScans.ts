import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { toMessage } from '../api/client';
import { useAppDispatch } from '../store/hooks';
import { toast } from '../toasts/toastsSlice';
import { findProductByCode } from './findProductByCode';
import { currentScanTarget } from './scanTarget';
import { SCAN_TEXT } from './scanMessages';
import { NO_BURST, readWedgeKey } from './wedgeBurst';

/** Keys typed here belong to the field or dialog (the search box reads a scan's Enter itself). */
function belongsElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('dialog[open], [role="dialog"], [role="alertdialog"]')) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'reset', 'submit'].includes(target.type)
  );
}

/**
 * A keyboard-wedge scan anywhere on a signed-in page (focus on no field): the product with that SKU, barcode or part number opens
 * (or goes to the screen that takes scans itself, useScanTarget: the order form), or a toast says there is none. What counts as a scan is wedgeBurst.ts's rule; the Enter ending one does nothing else
 * (it would otherwise press the focused button or follow the focused link).
 */
export function useWedgeScans(): void {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  useEffect(() => {
    let burst = NO_BURST;
    let lookup: AbortController | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing || belongsElsewhere(event.target)) {
        burst = NO_BURST;
        return;
      }
      const next = readWedgeKey(burst, {
        key: event.key,
        time: event.timeStamp,
        withModifier: event.ctrlKey || event.altKey || event.metaKey,
      });
      burst = next.burst;
      const sku = next.scanned;
      if (sku === null) return;
      event.preventDefault();
      event.stopPropagation();
      lookup?.abort();
      const current = new AbortController();
      lookup = current;
      findProductByCode(sku, current.signal).then(
        (product) => {
          if (current.signal.aborted) return;
          const target = currentScanTarget();
          if (product && target) target(product);
          else if (product) void navigate(`/product-detail/${product._id}`);
          else dispatch(toast.error(SCAN_TEXT.notFound(sku)));
        },
        (error: unknown) => {
          if (!current.signal.aborted) dispatch(toast.error(toMessage(error)));
        },
      );
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      lookup?.abort();
    };
  }, [navigate, dispatch]);
}
