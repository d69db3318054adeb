import {
  CSV_DELIMITER_LABELS,
  CSV_ENCODING_LABELS,
  type CsvDelimiter,
  type CsvEncoding,
  NUMBER_FORMAT_LABELS,
  NUMBER_FORMATS,
  type NumberFormat,
} from '@inventory/contract/rules';
import { Select } from '@inventory/ui';
import { Info } from 'lucide-react';

export interface FileReadingProps {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  numberFormat: NumberFormat;
  disabled: boolean;
  onNumberFormat: (format: NumberFormat) => void;
}

const NUMBER_OPTIONS = NUMBER_FORMATS.map((format) => ({ value: format, label: NUMBER_FORMAT_LABELS[format] }));

/**
 * How the file is read, for the user to see and confirm: its encoding (with a word when it is not UTF-8, so accented
 * letters are checked in the preview), its delimiter, and the number format (guessed from its numbers; changing it
 * reads the preview's numbers again).
 */
export function FileReading({ encoding, delimiter, numberFormat, disabled, onNumberFormat }: FileReadingProps) {
  return (
    <div className="flex flex-col gap-4">
      <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="file-reading">
        <dt className="font-semibold text-ink">Encoding</dt>
        <dd className="m-0 text-ink">{CSV_ENCODING_LABELS[encoding]}</dd>
        <dt className="font-semibold text-ink">Delimiter</dt>
        <dd className="m-0 text-ink">{CSV_DELIMITER_LABELS[delimiter]}</dd>
      </dl>
      {encoding === 'windows-1252' ? (
        <p
          className="m-0 flex items-start gap-2 rounded-md bg-surface-muted px-4 py-3 text-ink"
          data-testid="encoding-notice"
        >
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
          <span>
            This file is not UTF-8, so it is read as Windows-1252, the encoding Excel saves &quot;CSV&quot; in. Check
            that accented letters (é, â, €) look right in the preview below; if they do not, save the file as &quot;CSV
            UTF-8&quot; and choose it again.
          </span>
        </p>
      ) : null}
      <Select
        name="number-format"
        label="Numbers in the file"
        hint="Guessed from the file's prices and quantities: check the preview's numbers."
        options={NUMBER_OPTIONS}
        value={numberFormat}
        disabled={disabled}
        wrapperClassName="max-w-sm"
        onChange={(event) => onNumberFormat(event.target.value as NumberFormat)}
      />
    </div>
  );
}
