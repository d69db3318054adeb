import { useState } from 'react';
import { formatMoneyIn, isoDate, PAYMENT_METHODS, PAYMENT_REFERENCE_MAX, BILLING_MESSAGES, type Invoice, type PaymentMethod } from '@inventory/contract/rules';
import { FormDialog, Select, TextField } from '@inventory/ui';
import type { PaymentBody } from './invoicesApi';
import { PAYMENT_METHOD_LABELS } from './invoiceTexts';

export interface PaymentDialogProps {
  invoice: Invoice;
  submitting: boolean;
  onSubmit: (body: PaymentBody) => void;
  onCancel: () => void;
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** "Record payment": the amount (what is due, by default), the day, the method and a reference. */
export function PaymentDialog({ invoice, submitting, onSubmit, onCancel }: PaymentDialogProps) {
  const due = invoice.amountDueCents;
  const [amount, setAmount] = useState((due / 100).toFixed(2));
  const [date, setDate] = useState(isoDate(new Date()));
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; date?: string }>({});

  const submit = () => {
    const text = amount.trim();
    const cents = AMOUNT.test(text) ? Math.round(Number(text) * 100) : 0;
    const found = {
      amount: cents < 1 ? BILLING_MESSAGES.paymentAmountInvalid : cents > due ? BILLING_MESSAGES.paymentTooMuch(formatMoneyIn(due, invoice.currency)) : undefined,
      date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? undefined : BILLING_MESSAGES.paymentDateInvalid,
    };
    setErrors(found);
    if (found.amount || found.date) {
      document.getElementById(found.amount ? 'payment-amount' : 'payment-date')?.focus();
      return;
    }
    onSubmit({ amountCents: cents, date, method, ...(reference.trim() ? { reference: reference.trim() } : {}) });
  };

  return (
    <FormDialog open title="Record payment" description={`Due: ${formatMoneyIn(due, invoice.currency)}`} submitLabel="Record payment" submitting={submitting} onSubmit={submit} onCancel={onCancel}>
      <div className="flex flex-col gap-4">
        <TextField id="payment-amount" name="amount" label="Amount" inputMode="decimal" required value={amount} error={errors.amount} onChange={(event) => setAmount(event.target.value)} />
        <TextField id="payment-date" name="date" type="date" label="Date" required value={date} error={errors.date} onChange={(event) => setDate(event.target.value)} />
        <Select
          id="payment-method"
          name="method"
          label="Method"
          value={method}
          options={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
          onChange={(event) => setMethod(event.target.value as PaymentMethod)}
        />
        <TextField id="payment-reference" name="reference" label="Reference" maxLength={PAYMENT_REFERENCE_MAX} value={reference} onChange={(event) => setReference(event.target.value)} />
      </div>
    </FormDialog>
  );
}
