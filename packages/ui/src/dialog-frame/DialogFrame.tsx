import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';

export interface DialogFrameProps {
  open: boolean;
  title: string;
  /** What the dialog is about, read with its title. */
  description: ReactNode;
  /** Called by Escape and a click outside. */
  onDismiss: () => void;
  /** `alertdialog` for a question that needs an answer; Radix's `dialog` otherwise. */
  role?: 'alertdialog';
  /** The panel's size and padding. */
  className: string;
  children: ReactNode;
}

/**
 * The modal frame every dialog of ours shares, on Radix Dialog: an overlay, focus trapped inside, and focus returned
 * to where it was when the dialog closes.
 */
export function DialogFrame({ open, title, description, onDismiss, role, className, children }: DialogFrameProps) {
  // Radix returns focus to its Trigger; our dialogs are opened by the app's own buttons, so remember what had focus.
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onDismiss();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          {...(role ? { role } : {})}
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            returnFocus.current = active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
            returnFocus.current = null;
          }}
          className={`fixed top-1/2 left-1/2 z-50 -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface shadow-overlay focus:outline-none ${className}`}
        >
          <Dialog.Title className="m-0 text-xl font-semibold text-ink">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 mb-0 text-base text-ink-muted">{description}</div>
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
