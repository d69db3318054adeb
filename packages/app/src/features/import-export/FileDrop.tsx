import { useId, useState, type DragEvent } from 'react';
import { buttonVariants, cn } from '@inventory/ui';
import { FileUp } from 'lucide-react';
import type { ChosenFile } from './importSlice';

export interface FileDropProps {
  file: ChosenFile | null;
  disabled: boolean;
  onFile: (file: File) => void;
}

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A file input inside a drop zone: a CSV dropped on the zone is chosen as if picked with the input. */
export function FileDrop({ file, disabled, onFile }: FileDropProps) {
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };
  return (
    <div
      data-testid="csv-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-6 py-8 text-center',
        over ? 'border-brand-600 bg-brand-50' : 'border-line-strong bg-surface-muted',
      )}
    >
      <FileUp aria-hidden="true" className="size-8 text-ink-muted" />
      <p className="m-0 text-base font-medium text-ink">Drop a CSV file here</p>
      {/* The native input is visually hidden (its "No file chosen" would contradict the chosen file below); its label
          is the visible button, outlined when the input has keyboard focus. */}
      <input
        id={inputId}
        type="file"
        accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
        aria-describedby={hintId}
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onFile(chosen);
          // Choosing the same file again (after fixing it) must fire change again.
          event.target.value = '';
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={inputId}
        className={cn(
          buttonVariants({ variant: 'secondary' }),
          'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
          disabled && 'pointer-events-none opacity-60',
        )}
      >
        Choose a CSV file
      </label>
      <p id={hintId} className="m-0 text-sm text-ink-muted">
        Comma, semicolon or tab separated, with a header row; UTF-8, UTF-16 or Windows-1252.
      </p>
      {file ? (
        <p className="m-0 text-sm text-ink" data-testid="chosen-file">
          Chosen: <span className="font-semibold">{file.name}</span> ({formatSize(file.size)})
        </p>
      ) : null}
    </div>
  );
}
