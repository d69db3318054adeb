import { Boxes } from 'lucide-react';
import { cn } from '@inventory/ui';

/** The product's mark and name, used by the landing header and the sidebar. */
export function Brand({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold', className)}>
      <Boxes aria-hidden="true" className="size-6 shrink-0" />
      <span>Inventory</span>
    </span>
  );
}
