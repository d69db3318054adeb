import type { ReactNode } from 'react';
import { Button } from '../button/Button';
import { DialogFrame } from '../dialog-frame/DialogFrame';

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

/** A modal question (alert semantics): focus starts on Cancel and returns to where it was; Escape cancels. */
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
  return (
    <DialogFrame open={open} title={title} description={message} onDismiss={onCancel} role="alertdialog" className="w-[min(28rem,calc(100vw-2rem))] p-6">
      {children ? <div className="mt-4">{children}</div> : null}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant={tone} onClick={onConfirm} loading={confirming} loadingText="Working…" disabled={confirmDisabled}>
          {confirmLabel}
        </Button>
      </div>
    </DialogFrame>
  );
}
