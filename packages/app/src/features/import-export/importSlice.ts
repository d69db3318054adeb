import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  type CsvDelimiter,
  type CsvEncoding,
  type ImportCheck,
  type ImportError,
  type ImportField,
  type ImportMapping,
  type NumberFormat,
} from '@inventory/contract/rules';

/** Where an import stands: reading the chosen file's first rows, sending it, or waiting for the server's answer. */
export type ImportPhase = 'idle' | 'reading' | 'uploading' | 'processing';

/** The file the user chose: what the page shows of it. The File itself stays with the saga that sends it. */
export interface ChosenFile {
  name: string;
  size: number;
}

/** The header and first rows of the chosen file, read in the browser (see readPreview.ts). */
export interface FilePreview {
  file: ChosenFile;
  headers: string[];
  rows: string[][];
  /** The mapping the headers suggest (the contract's guessMapping). */
  guessed: ImportMapping;
  /** How the file's bytes were read (the contract's rule), and its delimiter. */
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  /** The number format its number cells suggest (the contract's guessNumberFormat), for the user to confirm. */
  numberFormat: NumberFormat;
}

/**
 * The Import page: the chosen file, its preview, the mapping (guessed, then edited), the upload's progress, and the
 * last answer — a dry run that passed, the rows that failed (422), or why the file could not be sent.
 */
export interface ImportState {
  phase: ImportPhase;
  /** Which call is running: a dry run ('check') or the real import. */
  run: 'check' | 'import' | null;
  file: ChosenFile | null;
  headers: string[];
  rows: string[][];
  mapping: ImportMapping;
  /** How the preview read the file (null before one is read); the dry run's answer says how the server did. */
  encoding: CsvEncoding | null;
  delimiter: CsvDelimiter | null;
  /** How the file writes numbers: guessed from it, confirmed or changed by the user, sent with the file. */
  numberFormat: NumberFormat;
  /** Percent of the file sent (0–100). */
  progress: number;
  /** A dry run's answer; cleared when the file, the mapping or the number format changes, as it no longer holds. */
  checked: ImportCheck | null;
  /** The server's 422: its message and the failing cells. */
  rejected: { message: string; errors: ImportError[] } | null;
  /** Why the chosen file could not be read (not a CSV, no header). */
  problem: string | null;
  /** Why the last check or import did not reach an answer about the rows (413, network, 403…). */
  failure: string | null;
}

export const initialImportState: ImportState = {
  phase: 'idle',
  run: null,
  file: null,
  headers: [],
  rows: [],
  mapping: {},
  encoding: null,
  delimiter: null,
  numberFormat: 'point',
  progress: 0,
  checked: null,
  rejected: null,
  problem: null,
  failure: null,
};

const slice = createSlice({
  name: 'productImport',
  initialState: initialImportState,
  reducers: {
    // The File rides in the action to the saga; the reducer keeps only what the page shows.
    fileChosen(state, _action: PayloadAction<{ file: File }>) {
      state.phase = 'reading';
      state.problem = null;
    },
    previewRead(state, action: PayloadAction<FilePreview>) {
      const { file, headers, rows, guessed, encoding, delimiter, numberFormat } = action.payload;
      // A fixed file chosen again keeps the columns the user picked, where it still has them; the rest are guessed.
      const kept = Object.entries(state.mapping).filter(([, header]) => headers.includes(header));
      const mapping: ImportMapping = { ...guessed, ...Object.fromEntries(kept) };
      return { ...initialImportState, file, headers, rows, mapping, encoding, delimiter, numberFormat };
    },
    fileRejected(state, action: PayloadAction<string>) {
      // The previous file (if any) stays chosen: the saga keeps sending that one.
      state.phase = 'idle';
      state.problem = action.payload;
    },
    mappingChanged(state, action: PayloadAction<{ field: ImportField; header: string }>) {
      const { field, header } = action.payload;
      if (header === '') delete state.mapping[field];
      else state.mapping[field] = header;
      state.checked = null;
    },
    numberFormatChanged(state, action: PayloadAction<NumberFormat>) {
      state.numberFormat = action.payload;
      state.checked = null;
    },
    importRequested(state, action: PayloadAction<{ dryRun: boolean }>) {
      state.phase = 'uploading';
      state.run = action.payload.dryRun ? 'check' : 'import';
      state.progress = 0;
      state.checked = null;
      state.rejected = null;
      state.problem = null;
      state.failure = null;
    },
    uploadProgressed(state, action: PayloadAction<number>) {
      state.progress = action.payload;
    },
    uploadSent(state) {
      state.phase = 'processing';
      state.progress = 100;
    },
    checkPassed(state, action: PayloadAction<ImportCheck>) {
      state.phase = 'idle';
      state.run = null;
      state.checked = action.payload;
    },
    importSucceeded() {
      return initialImportState;
    },
    importRejected(state, action: PayloadAction<{ message: string; errors: ImportError[] }>) {
      state.phase = 'idle';
      state.run = null;
      state.rejected = action.payload;
    },
    importFailed(state, action: PayloadAction<string>) {
      state.phase = 'idle';
      state.run = null;
      state.failure = action.payload;
    },
  },
});

export const {
  fileChosen,
  previewRead,
  fileRejected,
  mappingChanged,
  numberFormatChanged,
  importRequested,
  uploadProgressed,
  uploadSent,
  checkPassed,
  importSucceeded,
  importRejected,
  importFailed,
} = slice.actions;
export const importReducer = slice.reducer;

export type WithImport = { productImport: ImportState };
export const selectImport = (state: WithImport) => state.productImport;
