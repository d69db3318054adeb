import type {
  ImportCheck,
  ImportErrorsAnswer,
  ImportMapping,
  ImportResult,
  NumberFormat,
} from '@inventory/contract/rules';
import type * as PreviewModule from './readPreview';
import type * as SelectorsModule from './importSelectors';
import type * as RejectionModule from './rejection';
import { isAxiosError } from 'axios';
import { END, eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { all, call, put, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { toMessage } from '../../api/client';
import { navigateTo } from '../../navigation/navigateTo';
import { reportFailure } from '../../session/reportFailure';
import { toast } from '../../toasts/toastsSlice';
import { importProducts } from './api';
import {
  checkPassed,
  fileChosen,
  fileRejected,
  importFailed,
  importRejected,
  importRequested,
  importSucceeded,
  previewRead,
  selectImport,
  uploadProgressed,
  uploadSent,
  type FilePreview,
  type ImportState,
} from './importSlice';

export const NETWORK_FAILURE_MESSAGE = 'The file could not be sent: check your connection and try again.';

export const importedMessage = ({ created, updated }: ImportResult) => `Imported ${created} new, updated ${updated}`;

type UploadEvent =
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; result: ImportResult | ImportCheck }
  | { kind: 'failed'; error: unknown };

/** The upload as a stream of events: progress while the file goes, then its answer. Closing it aborts the request. */
function uploadChannel(
  file: File,
  mapping: ImportMapping,
  options: { dryRun: boolean; numberFormat: NumberFormat },
): EventChannel<UploadEvent> {
  return eventChannel<UploadEvent>((emit) => {
    const controller = new AbortController();
    importProducts(
      file,
      file.name,
      mapping,
      options,
      (fraction) => emit({ kind: 'progress', fraction }),
      controller.signal,
    )
      .then((result) => emit({ kind: 'done', result }))
      .catch((error: unknown) => emit({ kind: 'failed', error }))
      .finally(() => emit(END));
    return () => controller.abort();
  });
}

function* reportImportFailure(error: unknown): SagaIterator<void> {
  if (isAxiosError(error) && error.response?.status === 422) {
    const { readRejection }: typeof RejectionModule = yield call(() => import('./rejection'));
    const answer: ImportErrorsAnswer | null = readRejection(error.response.data);
    if (answer) {
      yield put(importRejected(answer));
      return;
    }
  }
  if (isAxiosError(error) && !error.response) {
    yield put(importFailed(NETWORK_FAILURE_MESSAGE));
    yield put(toast.error(NETWORK_FAILURE_MESSAGE));
    return;
  }
  // 413 (too big), 400, 403, 401 (session expired) and the rest: the server's message, as every other call.
  yield* reportFailure(error, { failedAction: importFailed });
}

/** Sends the chosen file with the mapping; a dry run reports what would happen, a real import goes to the dashboard. */
function* sendSaga(file: File, dryRun: boolean): SagaIterator<void> {
  const { numberFormat }: ImportState = yield select(selectImport);
  // Only the fields the role may fill: a Cost column guessed for staff is not sent (the server would refuse the file).
  // The rules load with the page, not with the first screen: by the time Import is pressed they are there.
  const { selectSentMapping }: typeof SelectorsModule = yield call(() => import('./importSelectors'));
  const mapping: ImportMapping = yield select(selectSentMapping);
  const channel: EventChannel<UploadEvent> = yield call(uploadChannel, file, mapping, { dryRun, numberFormat });
  let sent = false;
  try {
    for (;;) {
      const event: UploadEvent = yield take(channel);
      if (event.kind === 'progress') {
        if (event.fraction < 1) yield put(uploadProgressed(Math.floor(event.fraction * 100)));
        else if (!sent) {
          sent = true;
          yield put(uploadSent());
        }
      } else if (event.kind === 'done') {
        if (dryRun) {
          yield put(checkPassed(event.result as ImportCheck));
        } else {
          yield put(importSucceeded());
          yield put(toast.success(importedMessage(event.result)));
          yield* navigateTo('/dashboard');
        }
      } else {
        yield* reportImportFailure(event.error);
      }
    }
  } finally {
    channel.close();
  }
}

/** The File the user chose last. It stays out of the store (not serializable); only this saga sends it. */
export function* importSagas(): SagaIterator<void> {
  let chosen: File | null = null;

  function* readSaga(action: ReturnType<typeof fileChosen>): SagaIterator<void> {
    try {
      const { readPreview }: typeof PreviewModule = yield call(() => import('./readPreview'));
      const preview: FilePreview = yield call(readPreview, action.payload.file);
      chosen = action.payload.file;
      yield put(previewRead(preview));
    } catch (error) {
      yield put(fileRejected(error instanceof Error ? error.message : toMessage(error)));
    }
  }

  function* requestedSaga(action: ReturnType<typeof importRequested>): SagaIterator<void> {
    if (!chosen) {
      yield put(importFailed('Choose a CSV file to import.'));
      return;
    }
    yield call(sendSaga, chosen, action.payload.dryRun);
  }

  yield all([takeLatest(fileChosen, readSaga), takeLeading(importRequested, requestedSaga)]);
}
