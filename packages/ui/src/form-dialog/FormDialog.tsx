import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type FormEvent, type ReactNode } from 'react';
import { Button } from '../button/Button';

export interface FormDialogProps {
  open: boolean;
  title: string;
  /** What the dialog does, read with its title. */
  description: ReactNode;
  submitLabel: string;
  cancelLabel?: string;
  /** Called by the form's submit (Enter in a field, or the submit button). */
  onSubmit: () => void;
  /** Called by Cancel, Escape and a click outside. */
  onCancel: () => void;
  /** Shows the submit button busy (e.g. while the call runs); a submit meanwhile does nothing. */
  submitting?: boolean;
  tone?: 'primary' | 'danger';
  /** The form's fields (with their own errors). */
  children: ReactNode;
}

/**
 * A modal form on Radix Dialog: focus is trapped inside, starts on the first field, and returns to where it was when
 * the dialog closes; Escape cancels. On a phone it takes the width of the screen less a margin.
 */
export function FormDialog({
  open,
  title,
  description,
  submitLabel,
  cancelLabel = 'Cancel',
  onSubmit,
  onCancel,
  submitting = false,
  tone = 'primary',
  children,
}: FormDialogProps) {
  const returnFocus = useRef<HTMLElement | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!submitting) onSubmit();
  };
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
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            returnFocus.current = active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
            returnFocus.current = null;
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-surface p-6 shadow-overlay focus:outline-none max-sm:p-4"
        >
          <Dialog.Title className="m-0 text-xl font-semibold text-ink">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 mb-0 text-base text-ink-muted">{description}</div>
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
            {children}
            <div className="mt-2 flex flex-wrap justify-end gap-3">
              <Button type="button" variant="secondary" onClick={onCancel}>
                {cancelLabel}
              </Button>
              <Button type="submit" variant={tone} loading={submitting} loadingText="Working…">
                {submitLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
