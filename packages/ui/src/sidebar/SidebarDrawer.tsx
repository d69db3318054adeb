import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Menu } from 'lucide-react';
import { cn } from '../lib/cn';

export interface SidebarDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The navigation shown in the drawer (a `Sidebar` with `onClose`). */
  children: ReactNode;
  /** Classes of the menu button, e.g. `md:hidden` to offer the drawer on small screens only. */
  className?: string;
  /** The drawer's accessible name. */
  title?: string;
}

/**
 * The navigation as a modal drawer from the left, opened by a menu button: Radix Dialog traps focus inside, Escape
 * or a tap on the backdrop closes it, and focus returns to the menu button. Following a link in it closes it.
 */
export function SidebarDrawer({ open, onOpenChange, children, className, title = 'Navigation' }: SidebarDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger
        aria-label="Open navigation"
        title="Open navigation"
        className={cn(
          'inline-flex size-11 shrink-0 items-center justify-center rounded text-ink hover:bg-surface-muted',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          className,
        )}
      >
        <Menu aria-hidden="true" className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="drawer-backdrop" className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          aria-describedby={undefined}
          onClick={(event) => {
            // Following a link closes the drawer, even one to the page already shown.
            if (event.target instanceof Element && event.target.closest('a[href]')) onOpenChange(false);
          }}
          className="fixed inset-y-0 left-0 z-50 flex max-w-[calc(100vw-3rem)] shadow-overlay focus:outline-none"
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
