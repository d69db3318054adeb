import { useState } from 'react';
import { CREDIT_REASON_MAX, type CreditNote, type Invoice } from '@inventory/contract/rules';
import { FormDialog, TextField } from '@inventory/ui';
import type { CreditNoteBody } from './invoicesApi';
import { INVOICE_TEXT } from './invoiceTexts';

export interface CreditNoteDialogProps {
  invoice: Invoice;
  creditNotes: CreditNote[];
  submitting: boolean;
  onSubmit: (body: CreditNoteBody) => void;
  onCancel: () => void;
}

/** What each invoice line (1-based) may still be credited: its quantity less earlier credit notes'. */
function creditable(invoice: Invoice, creditNotes: CreditNote[]): number[] {
  return invoice.lines.map(
    (line, i) => line.quantity - creditNotes.flatMap((note) => note.lines).filter((credited) => credited.invoiceLine === i + 1).reduce((sum, credited) => sum + credited.quantity, 0),
  );
}

/**
 * "Credit note": how many of each line to credit (blank or 0 leaves it), or all that is left when nothing is typed,
 * and a reason. A quantity above what is left shows its error under its field and nothing is sent; the server checks
 * again (creditNoteLines).
 */
export function CreditNoteDialog({ invoice, creditNotes, submitting, onSubmit, onCancel }: CreditNoteDialogProps) {
  const left = creditable(invoice, creditNotes);
  const [quantities, setQuantities] = useState<string[]>(() => invoice.lines.map(() => ''));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<string[]>([]);

  const submit = () => {
    const found = quantities.map((text, i) => {
      const value = text.trim();
      if (value === '') return '';
      if (!/^\d+$/.test(value)) return 'Enter a whole number';
      return Number(value) > left[i]! ? INVOICE_TEXT.creditTooMuch(left[i]!) : '';
    });
    setErrors(found);
    const firstBad = found.findIndex(Boolean);
    if (firstBad >= 0) {
      document.getElementById(`credit-line-${firstBad + 1}`)?.focus();
      return;
    }
    const lines = quantities.map((text, i) => ({ line: i + 1, quantity: Number(text.trim() || 0) })).filter((line) => line.quantity > 0);
    onSubmit({ ...(lines.length > 0 ? { lines } : {}), ...(reason.trim() ? { reason: reason.trim() } : {}) });
  };

  return (
    <FormDialog
      open
      title="Credit note"
      description="Leave every quantity blank to credit all that is left, or give the quantities to credit line by line."
      submitLabel="Issue credit note"
      submitting={submitting}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <div className="flex max-h-[60vh] flex-col gap-4 overflow-y-auto">
        {invoice.lines.map((line, i) => (
          <TextField
            key={i}
            id={`credit-line-${i + 1}`}
            name={`credit-line-${i + 1}`}
            label={`Line ${i + 1}: ${line.description}`}
            hint={`${left[i]} of ${line.quantity} can be credited`}
            inputMode="numeric"
            disabled={left[i] === 0}
            value={quantities[i] ?? ''}
            error={errors[i] || undefined}
            onChange={(event) => {
              const value = event.target.value;
              setQuantities((current) => current.map((each, k) => (k === i ? value : each)));
              setErrors((current) => current.map((each, k) => (k === i ? '' : each)));
            }}
          />
        ))}
        <TextField id="credit-reason" name="reason" label="Reason" maxLength={CREDIT_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
    </FormDialog>
  );
}
