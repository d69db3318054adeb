import { useState } from 'react';
import type { Product } from '@inventory/contract/rules';
import { Button, type ButtonProps } from '@inventory/ui';
import { ScanLine } from 'lucide-react';
import { hasCameraApi } from './scanner';
import { ScanDialog } from './ScanDialog';

export interface ScanButtonProps {
  /** The scanned product (the dialog has closed). */
  onProduct: (product: Product) => void;
  /** The button's accessible name when it says more than "Scan" (e.g. "Scan a product's barcode"). */
  label?: string;
  variant?: ButtonProps['variant'];
  disabled?: boolean;
}

/** "Scan": opens the camera dialog. Shown only where the browser has a camera API. */
export function ScanButton({ onProduct, label, variant = 'secondary', disabled }: ScanButtonProps) {
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
          onClose={() => setOpen(false)}
          onProduct={(product) => {
            setOpen(false);
            onProduct(product);
          }}
        />
      ) : null}
    </>
  );
}
