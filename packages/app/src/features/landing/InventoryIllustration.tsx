import { Laptop, Monitor, Printer, Router } from 'lucide-react';

const rows = [
  { Icon: Laptop, name: 'Laptops', count: 128 },
  { Icon: Monitor, name: 'Monitors', count: 64 },
  { Icon: Router, name: 'Network', count: 37 },
  { Icon: Printer, name: 'Printers', count: 12 },
];

/** A decorative stock card drawn with the design tokens (no image file to load). Hidden from assistive technology. */
export function InventoryIllustration() {
  return (
    <div aria-hidden="true" className="w-full max-w-sm rounded-lg bg-surface p-6 text-ink shadow-overlay">
      <p className="mb-4 text-sm font-semibold text-ink-muted">In stock today</p>
      <ul className="flex flex-col gap-3">
        {rows.map(({ Icon, name, count }) => (
          <li key={name} className="flex items-center gap-3 rounded-md bg-surface-muted px-4 py-3">
            <Icon className="size-5 text-brand-600" />
            <span className="flex-1 font-medium">{name}</span>
            <span className="font-semibold text-brand-700">{count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
