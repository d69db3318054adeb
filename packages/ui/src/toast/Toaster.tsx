import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { cn } from '../lib/cn';
import { VisuallyHidden } from '../visually-hidden/VisuallyHidden';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastMessage {
  id: string;
  kind: ToastKind;
  message: string;
}

export interface ToasterProps {
  toasts: ToastMessage[];
  /** Called when a toast closes: its Close button, its timer, Escape or a swipe. */
  onDismiss: (id: string) => void;
  /** Milliseconds before a toast closes by itself; default 5000. */
  duration?: number;
}

const kinds = {
  success: { Icon: CircleCheck, name: 'Success', accent: 'border-l-success', icon: 'text-success' },
  error: { Icon: CircleAlert, name: 'Error', accent: 'border-l-danger', icon: 'text-danger' },
  info: { Icon: Info, name: 'Information', accent: 'border-l-info', icon: 'text-info' },
} as const;

/**
 * The app's notifications on Radix Toast: at the bottom of the screen (right-hand on a wide one, across a phone),
 * above the safe area, newest lowest, closing after 5000 ms. At the top they covered the header's buttons, the search
 * box and, on a phone, the page's heading; the bottom holds none of them (0028). Errors are announced assertively
 * (type "foreground"), the others politely; F8 (Radix's hotkey) moves focus to them.
 */
export function Toaster({ toasts, onDismiss, duration = 5000 }: ToasterProps) {
  return (
    <ToastPrimitive.Provider duration={duration} swipeDirection="right" label="Notification">
      {toasts.map((toast) => {
        const kind = kinds[toast.kind];
        return (
          <ToastPrimitive.Root
            key={toast.id}
            type={toast.kind === 'error' ? 'foreground' : 'background'}
            data-kind={toast.kind}
            onOpenChange={(open) => {
              if (!open) onDismiss(toast.id);
            }}
            className={cn(
              'flex w-full items-start gap-3 rounded-md border border-l-4 border-line bg-surface p-4 text-ink shadow-raised',
              'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0',
              'data-[state=open]:animate-[toast-in_150ms_ease-out]',
              kind.accent,
            )}
          >
            <kind.Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', kind.icon)} />
            <ToastPrimitive.Description className="min-w-0 flex-1 text-sm break-words">
              <VisuallyHidden>{`${kind.name}: `}</VisuallyHidden>
              <span>{toast.message}</span>
            </ToastPrimitive.Description>
            <ToastPrimitive.Close
              aria-label="Close"
              className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded pointer-coarse:size-11 text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-[min(24rem,100vw)] list-none flex-col gap-2 p-4 pb-[max(1rem,env(safe-area-inset-bottom))] outline-none" />
    </ToastPrimitive.Provider>
  );
}
