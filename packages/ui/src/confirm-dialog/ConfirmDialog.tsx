import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { Button } from '../button/Button';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** Called by Cancel, Escape and a click outside. */
  onCancel: () => void;
  tone?: 'danger' | 'primary';
  /** Shows the confirm button busy (e.g. while the delete call runs). */
  confirming?: boolean;
  /** Nothing to confirm yet (e.g. while what it will do is looked up, or a field is empty). */
  confirmDisabled?: boolean;
  /** What the question needs beside its message: a field to fill in. */
  children?: ReactNode;
}

/**
 * A modal question on Radix Dialog (alert semantics): focus is trapped inside, starts on Cancel,
 * and returns to where it was when the dialog closes; Escape cancels.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  tone = 'danger',
  confirming = false,
  confirmDisabled = false,
  children,
}: ConfirmDialogProps) {
  // Radix returns focus to its Trigger; this dialog is opened by the app's own button, so remember what had focus.
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          role="alertdialog"
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            returnFocus.current = active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
            returnFocus.current = null;
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface p-6 shadow-overlay focus:outline-none"
        >
          <Dialog.Title className="m-0 text-xl font-semibold text-ink">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 mb-0 text-base text-ink-muted">{message}</Dialog.Description>
          {children ? <div className="mt-4">{children}</div> : null}
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="secondary" onClick={onCancel}>
              {cancelLabel}
            </Button>
            <Button variant={tone} onClick={onConfirm} loading={confirming} loadingText="Working…" disabled={confirmDisabled}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
