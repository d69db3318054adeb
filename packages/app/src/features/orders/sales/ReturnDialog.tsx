import { useState } from 'react';
import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  restocksByDefault,
  returnableQuantity,
  type OrderLineAnswer,
  type ReturnReason,
} from '@inventory/contract/rules';
import { FormDialog, Select, TextField } from '@inventory/ui';
import type { ReturnBody } from './salesApi';
import { SALES_TEXT } from './salesTexts';
import { quantityOf, quantityProblem } from './lineQuantities';

export interface ReturnDialogProps {
  lines: OrderLineAnswer[];
  submitting: boolean;
  onSubmit: (body: ReturnBody) => void;
  onCancel: () => void;
}

interface ReturnEntry {
  quantity: string;
  reason: ReturnReason;
  restock: boolean;
}

const FIRST_REASON: ReturnReason = 'not_wanted';

/**
 * "Return": what comes back, per line that shipped and was not all returned (at most shipped − returned), why, and
 * whether it goes back to stock (by default unless damaged or defective: restocksByDefault; the user may say otherwise).
 */
export function ReturnDialog({ lines, submitting, onSubmit, onCancel }: ReturnDialogProps) {
  const returnable = lines.filter((line) => returnableQuantity(line) > 0);
  const [entries, setEntries] = useState<Record<string, ReturnEntry>>(() =>
    Object.fromEntries(
      returnable.map((line) => [
        line._id,
        { quantity: '0', reason: FIRST_REASON, restock: restocksByDefault(FIRST_REASON) },
      ]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [nothing, setNothing] = useState(false);
  const change = (lineId: string, change: Partial<ReturnEntry>) =>
    setEntries((current) => ({ ...current, [lineId]: { ...current[lineId]!, ...change } }));

  const submit = () => {
    const found: Record<string, string> = {};
    for (const line of returnable) {
      const problem = quantityProblem(
        entries[line._id]!.quantity,
        returnableQuantity(line),
        SALES_TEXT.moreThanReturnable,
      );
      if (problem) found[line._id] = problem;
    }
    setErrors(found);
    const asked = returnable.map((line) => ({
      lineId: line._id,
      ...entries[line._id]!,
      quantity: quantityOf(entries[line._id]!.quantity),
    }));
    const none = Object.keys(found).length === 0 && asked.every((line) => line.quantity === 0);
    setNothing(none);
    if (Object.keys(found).length > 0) {
      document.getElementById(`return-${Object.keys(found)[0]}-quantity`)?.focus();
      return;
    }
    if (none) return;
    onSubmit({ lines: asked.filter((line) => line.quantity > 0) });
  };

  return (
    <FormDialog
      open
      title="Return"
      description="What comes back, line by line: at most what shipped and was not returned yet."
      submitLabel="Record return"
      submitting={submitting}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <div className="flex max-h-[60vh] flex-col gap-4 overflow-y-auto">
        {returnable.map((line) => {
          const entry = entries[line._id]!;
          const id = `return-${line._id}`;
          return (
            <fieldset key={line._id} className="m-0 flex flex-col gap-3 rounded-md border border-line p-3">
              <legend className="px-1 text-sm font-semibold text-ink">
                Line {lines.indexOf(line) + 1}: {line.description}
              </legend>
              <TextField
                id={`${id}-quantity`}
                name={`${id}-quantity`}
                label="Quantity"
                hint={`${returnableQuantity(line)} shipped and not returned`}
                inputMode="numeric"
                value={entry.quantity}
                error={errors[line._id]}
                onChange={(event) => {
                  change(line._id, { quantity: event.target.value });
                  setErrors((current) => ({ ...current, [line._id]: '' }));
                }}
              />
              <Select
                id={`${id}-reason`}
                name={`${id}-reason`}
                label="Reason"
                value={entry.reason}
                options={RETURN_REASONS.map((reason) => ({ value: reason, label: RETURN_REASON_LABELS[reason] }))}
                onChange={(event) => {
                  const reason = event.target.value as ReturnReason;
                  change(line._id, { reason, restock: restocksByDefault(reason) });
                }}
              />
              <label className="flex items-center gap-3 text-ink pointer-coarse:min-h-11" htmlFor={`${id}-restock`}>
                <input
                  id={`${id}-restock`}
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={entry.restock}
                  onChange={(event) => change(line._id, { restock: event.target.checked })}
                />
                Back to stock
              </label>
            </fieldset>
          );
        })}
        {nothing ? (
          <p role="alert" className="m-0 text-sm font-medium text-danger">
            {SALES_TEXT.nothingToReturn}
          </p>
        ) : null}
      </div>
    </FormDialog>
  );
}
