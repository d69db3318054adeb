import { useEffect, useState, type FormEvent } from 'react';
import {
  CORRECTION_REASON_LABELS,
  CORRECTION_REASONS,
  correctionNoteProblem,
  correctionReasonText,
  type CorrectionReason,
  LIMITS,
  MESSAGES,
  MOVEMENT_REASON_LABELS,
  type Movement,
} from '@inventory/contract/rules';
import { Button, Card, ErrorState, Select, Spinner, TextField } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatDateTime } from '../../dates/formatDateTime';
import {
  correctionRequested,
  movementsRequested,
  olderMovementsRequested,
  selectStock,
} from './stockSlice';

const signed = (change: number) => (change > 0 ? `+${change}` : change < 0 ? `−${Math.abs(change)}` : '0');

function MovementRow({ movement }: { movement: Movement }) {
  const who = movement.by ? `${movement.by.name}${movement.by.token ? ` (token ${movement.by.token})` : ''}` : 'System';
  return (
    <tr className="border-b border-line last:border-b-0">
      <td className="py-2 pr-4">
        {movement.reason === 'correction' ? correctionReasonText(movement.correctionReason ?? null) : MOVEMENT_REASON_LABELS[movement.reason]}
        {movement.note ? <span className="block text-ink-muted">{movement.note}</span> : null}
        {movement.orderId ? (
          <>
            {' '}
            <Link to={`/order-detail/${movement.orderId}`} className="font-medium text-brand-600 underline">
              View order
            </Link>
          </>
        ) : null}
      </td>
      <td className={movement.change < 0 ? 'py-2 pr-4 text-right text-danger' : 'py-2 pr-4 text-right text-success'}>
        {signed(movement.change)}
      </td>
      <td className="py-2 pr-4 text-right">{movement.quantityAfter}</td>
      <td className="py-2 pr-4">{who}</td>
      <td className="py-2 whitespace-nowrap">{formatDateTime(movement.createdAt)}</td>
    </tr>
  );
}

/** A product's stock movements, newest first, with "Show older". */
export function StockHistoryCard({ productId }: { productId: string }) {
  const dispatch = useAppDispatch();
  const { movements, next, status, loadingOlder, message, productId: shown } = useAppSelector(selectStock);
  useEffect(() => {
    dispatch(movementsRequested(productId));
  }, [dispatch, productId]);
  const ours = shown === productId;

  let body;
  if (!ours || (status === 'loading' && movements.length === 0) || status === 'idle') {
    body = <Spinner label="Loading stock history" />;
  } else if (status === 'failed') {
    body = (
      <ErrorState
        message={message}
        onRetry={() => dispatch(movementsRequested(productId))}
      />
    );
  } else if (movements.length === 0) {
    body = <p className="m-0 text-ink-muted">No stock movements yet.</p>;
  } else {
    body = (
      <div className="flex flex-col gap-3">
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-line-strong text-ink-muted">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Reason
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Change
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  In stock after
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  By
                </th>
                <th scope="col" className="py-2 font-semibold">
                  When
                </th>
              </tr>
            </thead>
            <tbody>
              {movements.map((movement) => (
                <MovementRow key={movement._id} movement={movement} />
              ))}
            </tbody>
          </table>
        </div>
        {next ? (
          <div>
            <Button variant="secondary" loading={loadingOlder} onClick={() => dispatch(olderMovementsRequested())}>
              Show older
            </Button>
          </div>
        ) : null}
      </div>
    );
  }
  return <Card title="Stock history">{body}</Card>;
}

/** Whole number other than 0, signed: "-2", "+5", "5". */
function parseChange(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[+-]?\d{1,7}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value === 0 ? null : value;
}

/** A stock correction (a count, a breakage, goods found): a signed change; the server's refusal shows under the field. */
export function CorrectStockCard({ productId }: { productId: string }) {
  const { correctionsDone } = useAppSelector(selectStock);
  return <CorrectStockForm key={correctionsDone} productId={productId} />;
}

const REASON_OPTIONS = CORRECTION_REASONS.map((value) => ({ value, label: CORRECTION_REASON_LABELS[value] }));

function CorrectStockForm({ productId }: { productId: string }) {
  const dispatch = useAppDispatch();
  const { correcting, correctionError } = useAppSelector(selectStock);
  const [change, setChange] = useState('');
  const [reason, setReason] = useState<CorrectionReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ change?: string; reason?: string; note?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (correcting) return;
    const value = parseChange(change);
    const found = {
      ...(value === null ? { change: MESSAGES.stockChangeInvalid } : {}),
      ...(reason === '' ? { reason: MESSAGES.correctionReasonRequired } : {}),
      ...(correctionNoteProblem(note) ? { note: correctionNoteProblem(note)! } : {}),
    };
    setErrors(found);
    const first = (['change', 'reason', 'note'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`stock-${first}`)?.focus();
      return;
    }
    dispatch(correctionRequested({ productId, change: value!, reason: reason as CorrectionReason, note }));
  };
  return (
    <Card title="Correct stock">
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <TextField
          id="stock-change"
          label="Change"
          name="change"
          // Not "numeric": iOS's digits-only keypad has no minus sign, and most corrections take stock out.
          inputMode="text"
          pattern="[+\-]?[0-9]+"
          autoComplete="off"
          value={change}
          onChange={(event) => {
            setChange(event.target.value);
            setErrors(({ change: _change, ...rest }) => rest);
          }}
          error={errors.change ?? correctionError ?? undefined}
          hint="Negative takes stock out, e.g. -2; positive adds it"
        />
        <Select
          id="stock-reason"
          label="Reason"
          name="reason"
          options={REASON_OPTIONS}
          placeholder="Choose a reason"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value as CorrectionReason | '');
            setErrors(({ reason: _reason, ...rest }) => rest);
          }}
          error={errors.reason}
        />
        <TextField
          id="stock-note"
          label="Note (optional)"
          name="note"
          autoComplete="off"
          maxLength={LIMITS.correctionNote}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setErrors(({ note: _note, ...rest }) => rest);
          }}
          error={errors.note}
          hint="e.g. Dropped by the courier"
          wrapperClassName="sm:col-span-2"
        />
        <div>
          <Button type="submit" loading={correcting}>
            Correct stock
          </Button>
        </div>
      </form>
    </Card>
  );
}
