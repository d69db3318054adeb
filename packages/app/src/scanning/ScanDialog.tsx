import { useEffect, useId, useRef, useState } from 'react';
import type { Product } from '@inventory/contract/rules';
import { Button, TextField } from '@inventory/ui';
import { CameraOff } from 'lucide-react';
import { toMessage } from '../api/client';
import { cameraReadGate } from './cameraReads';
import { findProductByCode } from './findProductByCode';
import { CameraError, type CameraFailure } from './scanner';
import { SCAN_TEXT } from './scanMessages';
import { useScanner } from './ScannerContext';

type ScanState =
  | { step: 'starting' }
  | { step: 'scanning' }
  | { step: 'looking'; sku: string }
  | { step: 'counted'; text: string }
  | { step: 'not-found'; sku: string }
  | { step: 'camera-failed'; reason: CameraFailure }
  | { step: 'lookup-failed'; sku: string; message: string };

export interface ScanDialogProps {
  /**
   * A product of the active store was scanned: the dialog has closed, or with `keepOpen` stays open and shows the text
   * returned when a text (what the scan did, e.g. the line's count now).
   */
  onProduct: (product: Product) => unknown;
  onClose: () => void;
  /** Stay open after each product found, counting scan after scan, until the user closes it (the receiving screen). */
  keepOpen?: boolean;
}

function statusText(state: ScanState): string {
  switch (state.step) {
    case 'starting':
      return SCAN_TEXT.starting;
    case 'scanning':
      return SCAN_TEXT.scanning;
    case 'looking':
      return SCAN_TEXT.looking(state.sku);
    case 'counted':
      return state.text;
    case 'not-found':
      return SCAN_TEXT.notFound(state.sku);
    case 'camera-failed':
      return SCAN_TEXT.failure[state.reason];
    case 'lookup-failed':
      return state.message;
  }
}

/**
 * A modal dialog with the camera's picture: each code read is looked up as a SKU, barcode or part number of the active
 * store; a match closes the dialog and hands the product over, no match says so and reading goes on. With `keepOpen` a
 * match hands the product over and reading goes on: each read of a code counts once it has been out of view for a
 * moment (cameraReads.ts), so one item held up counts once and the next of its kind again. The native modal <dialog>
 * keeps focus inside and closes on Escape; closing stops the camera.
 */
export function ScanDialog({ onProduct, onClose, keepOpen = false }: ScanDialogProps) {
  const scanner = useScanner();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScanState>({ step: 'starting' });
  const [typed, setTyped] = useState('');
  /** Looks a code up as the camera does (set by the camera's effect); typing uses it when there is no camera. */
  const lookUp = useRef<((code: string, typed?: boolean) => void) | null>(null);
  const titleId = useId();
  // The latest callbacks, read by the camera's code handler that is set up once.
  const handlers = useRef({ onProduct, onClose, keepOpen });
  handlers.current = { onProduct, onClose, keepOpen };

  useEffect(() => {
    // Who opened the dialog gets focus back when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => opener?.focus();
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let closed = false;
    let stop: (() => void) | null = null;
    /** The SKU being looked up or last not found: the same code read again is not asked again. */
    let current: string | null = null;
    const lookups = new AbortController();
    const reads = cameraReadGate();

    const onCode = (code: string, typed = false) => {
      const sku = code.trim();
      if (closed || sku === '') return;
      const counting = handlers.current.keepOpen;
      // Counting: every read that counts is looked up, one after another alike (typed ones always count).
      if (counting ? !reads.counts(sku, performance.now()) && !typed : sku === current) return;
      current = sku;
      setState({ step: 'looking', sku });
      findProductByCode(sku, lookups.signal).then(
        (product) => {
          if (closed || (!counting && current !== sku)) return;
          if (product && counting) {
            const text = handlers.current.onProduct(product);
            setState({ step: 'counted', text: typeof text === 'string' && text !== '' ? text : SCAN_TEXT.counted(product.name) });
          } else if (product) {
            closed = true;
            const stopCamera = stop;
            stop = null;
            stopCamera?.();
            handlers.current.onProduct(product);
          } else setState({ step: 'not-found', sku });
        },
        (error: unknown) => {
          if (closed || (!counting && current !== sku)) return;
          current = null;
          setState({ step: 'lookup-failed', sku, message: toMessage(error) });
        },
      );
    };

    lookUp.current = onCode;
    scanner.start(video, onCode).then(
      (stopCamera) => {
        if (closed) stopCamera();
        else {
          stop = stopCamera;
          setState((previous) => (previous.step === 'starting' ? { step: 'scanning' } : previous));
        }
      },
      (error: unknown) => {
        if (!closed)
          setState({ step: 'camera-failed', reason: error instanceof CameraError ? error.reason : 'failed' });
      },
    );
    return () => {
      closed = true;
      lookups.abort();
      stop?.();
    };
  }, [scanner]);

  const failed = state.step === 'camera-failed' || state.step === 'not-found' || state.step === 'lookup-failed';
  // No camera (or none allowed): typing the code does the camera's job, and stays offered after a miss.
  const [cameraless, setCameraless] = useState(false);
  useEffect(() => {
    if (state.step === 'camera-failed') setCameraless(true);
  }, [state.step]);
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg bg-surface p-6 text-ink shadow-overlay backdrop:bg-ink/50"
    >
      <h2 id={titleId} className="m-0 text-xl font-semibold">
        {SCAN_TEXT.title}
      </h2>
      <div
        className={`mt-4 flex aspect-[4/3] w-full items-center justify-center overflow-hidden rounded-md ${
          state.step === 'camera-failed' ? 'border border-dashed border-line-strong bg-surface-muted' : 'bg-black'
        }`}
      >
        {state.step === 'camera-failed' ? <CameraOff aria-hidden="true" className="size-12 text-ink-muted" /> : null}
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Camera picture"
          className={state.step === 'camera-failed' ? 'hidden' : 'size-full object-cover'}
        />
      </div>
      <p
        role={failed ? 'alert' : 'status'}
        className={`mt-3 mb-0 min-h-6 text-sm ${failed ? 'font-medium text-danger' : 'text-ink-muted'}`}
      >
        {statusText(state)}
      </p>
      {cameraless ? (
        <form
          className="mt-3 flex items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            lookUp.current?.(typed, true);
          }}
        >
          <TextField
            label="Code"
            name="code"
            autoComplete="off"
            autoFocus
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            hint={SCAN_TEXT.typeInstead}
            wrapperClassName="flex-1"
          />
          <Button type="submit">Find</Button>
        </form>
      ) : null}
      <p className="mt-3 mb-0 text-sm text-ink-muted">{SCAN_TEXT.wedgeAnywhere}</p>
      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </dialog>
  );
}
