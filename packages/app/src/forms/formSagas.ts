import { put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { toast } from '../toasts/toastsSlice';
import { formSettled, type FormId } from './formErrorsSlice';

/** A form's success: its earlier failures (field errors and error toasts) go, and the success is toasted. */
export function* reportFormSuccess(form: FormId, message: string): SagaIterator<void> {
  yield put(formSettled(form));
  yield put(toast.success(message));
}
