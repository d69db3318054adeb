import { useState } from 'react';
import type { Product } from '@inventory/contract/rules';
import { Button, type ButtonProps } from '@inventory/ui';
import { ScanLine } from 'lucide-react';
import { hasCameraApi } from './scanner';
import { ScanDialog } from './ScanDialog';

export interface ScanButtonProps {
  /** The scanned product (the dialog has closed, unless `keepOpen`; then what it returns is shown in the dialog). */
  onProduct: (product: Product) => unknown;
  /** The camera stays open, scan after scan, until the user closes it (the receiving screen's counting). */
  keepOpen?: boolean;
  /** The button's accessible name when it says more than "Scan" (e.g. "Scan a product's barcode"). */
  label?: string;
  variant?: ButtonProps['variant'];
  disabled?: boolean;
}

/** "Scan": opens the camera dialog. Shown only where the browser has a camera API. */
export function ScanButton({ onProduct, label, variant = 'secondary', disabled, keepOpen = false }: ScanButtonProps) {
  const [open, setOpen] = useState(false);
  if (!hasCameraApi()) return null;
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} aria-label={label} disabled={disabled}>
        <ScanLine aria-hidden="true" className="size-4" />
        Scan
      </Button>
      {open ? (
        <ScanDialog
          keepOpen={keepOpen}
          onClose={() => setOpen(false)}
          onProduct={(product) => {
            if (keepOpen) return onProduct(product);
            setOpen(false);
            onProduct(product);
          }}
        />
      ) : null}
    </>
  );
}
