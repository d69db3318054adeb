import { useState } from 'react';
import { outstandingToShip, type OrderLineAnswer, SHIPMENT_TEXT_MAX } from '@inventory/contract/rules';
import { FormDialog, TextField } from '@inventory/ui';
import type { ShipmentBody } from './salesApi';
import { SALES_TEXT } from './salesTexts';
import { quantityOf, quantityProblem, today } from './lineQuantities';


export interface ShipDialogProps {
  lines: OrderLineAnswer[];
  submitting: boolean;
  onSubmit: (body: ShipmentBody) => void;
  onCancel: () => void;
}

/**
 * "Ship": what leaves now, per line still to ship (each defaulting to what is left of it; fewer is a partial
 * shipment), the day it leaves, the carrier and the tracking number. A quantity above what is left shows its error
 * under its field and nothing is sent.
 */
export function ShipDialog({ lines, submitting, onSubmit, onCancel }: ShipDialogProps) {
  const open = lines.filter((line) => outstandingToShip(line) > 0);
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(open.map((line) => [line._id, String(outstandingToShip(line))])),
  );
  const [date, setDate] = useState(today());
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [nothing, setNothing] = useState(false);

  const submit = () => {
    const found: Record<string, string> = {};
    for (const line of open) {
      const problem = quantityProblem(
        quantities[line._id] ?? '',
        outstandingToShip(line),
        SALES_TEXT.moreThanOutstanding,
      );
      if (problem) found[line._id] = problem;
    }
    setErrors(found);
    const asked = open.map((line) => ({ lineId: line._id, quantity: quantityOf(quantities[line._id] ?? '') }));
    const none = Object.keys(found).length === 0 && asked.every((line) => line.quantity === 0);
    setNothing(none);
    if (Object.keys(found).length > 0) {
      document.getElementById(`ship-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    if (none) return;
    onSubmit({
      lines: asked.filter((line) => line.quantity > 0),
      ...(date === '' ? {} : { date }),
      carrier: carrier.trim(),
      trackingNumber: trackingNumber.trim(),
    });
  };

  return (
    <FormDialog
      open
      title="Ship"
      description="What leaves now, line by line: fewer than is left makes a partial shipment."
      submitLabel="Record shipment"
      submitting={submitting}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <div className="flex max-h-[60vh] flex-col gap-4 overflow-y-auto">
        {open.map((line) => (
          <TextField
            key={line._id}
            id={`ship-${line._id}`}
            name={`ship-${line._id}`}
            label={`Line ${lines.indexOf(line) + 1}: ${line.description}`}
            hint={`${outstandingToShip(line)} left to ship`}
            inputMode="numeric"
            value={quantities[line._id] ?? ''}
            error={errors[line._id]}
            onChange={(event) => {
              const value = event.target.value;
              setQuantities((current) => ({ ...current, [line._id]: value }));
              setErrors((current) => ({ ...current, [line._id]: '' }));
            }}
          />
        ))}
        {nothing ? (
          <p role="alert" className="m-0 text-sm font-medium text-danger">
            {SALES_TEXT.nothingToShip}
          </p>
        ) : null}
        <TextField
          id="ship-date"
          name="date"
          type="date"
          label="Date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <TextField
          id="ship-carrier"
          name="carrier"
          label="Carrier"
          maxLength={SHIPMENT_TEXT_MAX}
          value={carrier}
          onChange={(event) => setCarrier(event.target.value)}
        />
        <TextField
          id="ship-tracking"
          name="trackingNumber"
          label="Tracking number"
          maxLength={SHIPMENT_TEXT_MAX}
          value={trackingNumber}
          onChange={(event) => setTrackingNumber(event.target.value)}
        />
      </div>
    </FormDialog>
  );
}
