import { useCallback } from 'react';
import { Button, Card, PageHeader, ProgressBar, Spinner } from '@inventory/ui';
import { RequirePermission } from '../../membership/RequirePermission';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CheckSummary } from './CheckSummary';
import { downloadText, errorsCsv, errorsFileName } from './errorsCsv';
import { FileDrop } from './FileDrop';
import { FileReading } from './FileReading';
import { ImportErrors } from './ImportErrors';
import { MappingFields } from './MappingFields';
import { PreviewTable } from './PreviewTable';
import {
  fileChosen,
  importRequested,
  mappingChanged,
  numberFormatChanged,
  selectImport,
  type ImportState,
} from './importSlice';
import { selectImportFields, selectMissingFields, selectSentMapping } from './importSelectors';

/** Uploading with its percentage, then the server's work, whose length is unknown. */
function ImportProgress({ state }: { state: ImportState }) {
  const label = `${state.run === 'check' ? 'Checking' : 'Importing'} ${state.file?.name ?? 'the file'}`;
  return state.phase === 'uploading' ? (
    <ProgressBar label={label} value={state.progress} valueText={`Uploading… ${state.progress}%`} />
  ) : (
    <ProgressBar label={label} valueText="Processing…" />
  );
}

/**
 * /products/import: choose a CSV (or drop it), see how it is read (encoding, delimiter, the number format to confirm),
 * match our fields to its columns (guessed from its header), see its first rows as they will be read, then check it (a
 * dry run: counts and likely duplicates) or import it. Nothing is written unless every row is valid;
 * when some are not, their errors are listed (and downloadable) and the file and mapping stay chosen for a retry.
 */
export function ImportPage() {
  usePageTitle('Import Products');
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectImport);
  const missing = useAppSelector(selectMissingFields);
  const fields = useAppSelector(selectImportFields);
  const mapping = useAppSelector(selectSentMapping);
  const {
    phase,
    file,
    headers,
    rows,
    encoding,
    delimiter,
    numberFormat,
    checked,
    rejected,
    problem,
    failure,
  } = state;
  const busy = phase !== 'idle';
  const sending = phase === 'uploading' || phase === 'processing';
  const onDownloadErrors = useCallback(() => {
    if (rejected && file) downloadText(errorsFileName(file.name), errorsCsv(rejected.errors));
  }, [rejected, file]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Import Products"
        description="Add products from a CSV file, or update them: a row updates the product its SKU, barcode or part number names."
        className="mb-0"
      />
      <RequirePermission permission="catalogue:create">
        <Card title="1. Choose a file">
          <div className="flex flex-col gap-4">
            <FileDrop file={file} disabled={sending} onFile={(chosen) => dispatch(fileChosen({ file: chosen }))} />
            {phase === 'reading' ? <Spinner label="Reading the file" /> : null}
            {problem ? (
              <p role="alert" className="m-0 rounded-md bg-danger-soft px-4 py-3 text-ink">
                {problem}
              </p>
            ) : null}
          </div>
        </Card>
        {file ? (
          <>
            <Card title="2. Match the columns">
              <div className="flex flex-col gap-6">
                {encoding && delimiter ? (
                  <FileReading
                    encoding={encoding}
                    delimiter={delimiter}
                    numberFormat={numberFormat}
                    disabled={sending}
                    onNumberFormat={(format) => dispatch(numberFormatChanged(format))}
                  />
                ) : null}
                <p className="m-0 text-ink-muted">
                  Each of our fields reads the file&apos;s column chosen here. Columns named like our fields are chosen
                  for you; fields marked * need a column.
                </p>
                <MappingFields
                  fields={fields}
                  headers={headers}
                  mapping={mapping}
                  disabled={sending}
                  onChange={(field, header) => dispatch(mappingChanged({ field, header }))}
                />
                <div className="flex flex-col gap-3">
                  <h3 className="m-0 text-base font-semibold text-ink">Preview of the first rows</h3>
                  <PreviewTable headers={headers} rows={rows} mapping={mapping} numberFormat={numberFormat} />
                </div>
              </div>
            </Card>
            <Card title="3. Check and import">
              <div className="flex flex-col gap-4">
                {missing.length > 0 ? (
                  <p className="m-0 text-ink-muted">Choose a column for: {missing.join(', ')}.</p>
                ) : null}
                <div className="flex flex-wrap gap-3">
                  <Button
                    variant="secondary"
                    disabled={missing.length > 0 || busy}
                    loading={state.run === 'check'}
                    onClick={() => dispatch(importRequested({ dryRun: true }))}
                  >
                    Check file
                  </Button>
                  <Button
                    disabled={missing.length > 0 || busy}
                    loading={state.run === 'import'}
                    onClick={() => dispatch(importRequested({ dryRun: false }))}
                  >
                    Import
                  </Button>
                </div>
                {sending ? <ImportProgress state={state} /> : null}
                {checked ? <CheckSummary checked={checked} /> : null}
                {failure ? (
                  <p role="alert" className="m-0 rounded-md bg-danger-soft px-4 py-3 text-ink">
                    Nothing was imported. {failure}
                  </p>
                ) : null}
                {rejected ? (
                  <ImportErrors message={rejected.message} errors={rejected.errors} onDownload={onDownloadErrors} />
                ) : null}
              </div>
            </Card>
          </>
        ) : null}
      </RequirePermission>
    </div>
  );
}
