import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PdfLayout } from './layout';

/**
 * Worker threads that draw PDFs: at most two, and always a core left to the request thread (and the database), so a
 * burst of PDFs queues instead of taking every core: on two cores, two workers put the product pages' p99 at 144 ms
 * while fifty PDFs were drawn on PostgreSQL, one worker left it within its 50 ms.
 */
export const PDF_WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));
const WORKER_URL = new URL('./pdf-worker.mjs', import.meta.url);

interface Task {
  layout: PdfLayout;
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  busy: Task | null;
}

/**
 * PDFs are drawn off the request thread (docs/decisions/0043-invoices.md): pdfkit's layout is synchronous work of tens
 * of milliseconds, and fifty at once on the event loop would stall every list answer behind them. The pool starts its
 * workers on first use, hands each one task at a time, queues the rest, and replaces a worker that dies.
 */
export function createPdfPool(size = PDF_WORKERS) {
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 0;
  let closed = false;

  function start(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_URL), busy: null };
    slot.worker.unref();
    slot.worker.on('message', (message: { pdf?: Uint8Array; error?: string }) => {
      const task = slot.busy;
      slot.busy = null;
      if (task) {
        if (message.pdf) task.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
        else task.reject(new Error(`PDF failed: ${message.error ?? 'unknown'}`));
      }
      pump();
    });
    const fail = (error: Error) => {
      const task = slot.busy;
      slot.busy = null;
      slots.splice(slots.indexOf(slot), 1);
      task?.reject(error);
      if (!closed) pump();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => {
      if (slots.includes(slot)) fail(new Error(`PDF worker stopped (${code})`));
    });
    slots.push(slot);
    return slot;
  }

  function pump() {
    while (queue.length > 0 && !closed) {
      const slot = slots.find((s) => s.busy === null) ?? (slots.length < size ? start() : undefined);
      if (!slot) return;
      const task = queue.shift()!;
      slot.busy = task;
      nextId += 1;
      slot.worker.postMessage({ id: nextId, layout: task.layout });
    }
  }

  return {
    render(layout: PdfLayout): Promise<Buffer> {
      if (closed) return Promise.reject(new Error('The PDF pool is closed'));
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ layout, resolve, reject });
        pump();
      });
    },
    async close(): Promise<void> {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('The PDF pool is closed'));
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}

export type PdfPool = ReturnType<typeof createPdfPool>;
