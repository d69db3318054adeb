import type { FormEvent, ReactNode } from 'react';
import { Button } from '../button/Button';
import { DialogFrame } from '../dialog-frame/DialogFrame';

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
 * A modal form: focus starts on the first field and returns to where it was; Escape cancels. On a phone it takes the
 * width of the screen less a margin.
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!submitting) onSubmit();
  };
  return (
    <DialogFrame
      open={open}
      title={title}
      description={description}
      onDismiss={onCancel}
      className="max-h-[calc(100vh-2rem)] w-[min(30rem,calc(100vw-2rem))] overflow-y-auto p-6 max-sm:p-4"
    >
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
    </DialogFrame>
  );
}
