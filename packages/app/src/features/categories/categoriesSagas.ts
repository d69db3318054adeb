import { type CategoryListAnswer, type CategoryMerged, MESSAGES } from '@inventory/contract/rules';
import { all, call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { listCategories, mergeCategory, renameCategory } from '../../category-suggestions/api';
import { formSettled } from '../../forms/formErrorsSlice';
import { reportFormSuccess } from '../../forms/formSagas';
import { activeStoreChanged } from '../../membership/membershipSlice';
import { reportFailure, reportLoadFailure } from '../../session/reportFailure';
import {
  categoriesLoadFailed,
  categoriesReceived,
  categoriesRequested,
  categoryChanged,
  categoryChangeFailed,
  mergeCategoryRequested,
  renameCategoryRequested,
} from './categoriesSlice';

/** The store's categories, whole (the page searches them). */
export function* loadCategoriesSaga(): SagaIterator<void> {
  try {
    const answer: CategoryListAnswer = yield call(listCategories, '');
    yield put(categoriesReceived(answer));
  } catch (error) {
    yield* reportLoadFailure(error, categoriesLoadFailed);
  }
}

/** A new name for a category and its products: said, and the list again; a failure under the field or toasted. */
export function* renameCategorySaga({ payload }: ReturnType<typeof renameCategoryRequested>): SagaIterator<void> {
  yield put(formSettled('categoryRename'));
  try {
    const renamed: { name: string } = yield call(renameCategory, payload.id, payload.name);
    yield put(categoryChanged());
    yield* reportFormSuccess('categoryRename', MESSAGES.categoryRenamed(renamed.name));
    yield put(categoriesRequested());
  } catch (error) {
    yield* reportFailure(error, { failedAction: () => categoryChangeFailed(), form: 'categoryRename' });
    yield put(categoriesRequested());
  }
}

/** A category merged into another: how many products moved is said, and the list again. */
export function* mergeCategorySaga({ payload }: ReturnType<typeof mergeCategoryRequested>): SagaIterator<void> {
  yield put(formSettled('categoryMerge'));
  try {
    const merged: CategoryMerged = yield call(mergeCategory, payload.id, payload.into);
    yield put(categoryChanged());
    yield* reportFormSuccess('categoryMerge', merged.message);
    yield put(categoriesRequested());
  } catch (error) {
    yield* reportFailure(error, { failedAction: () => categoryChangeFailed(), form: 'categoryMerge' });
    yield put(categoriesRequested());
  }
}

export function* categoriesSagas(): SagaIterator<void> {
  yield all([
    takeLatest([categoriesRequested.type, activeStoreChanged.type], loadCategoriesSaga),
    takeLeading(renameCategoryRequested, renameCategorySaga),
    takeLeading(mergeCategoryRequested, mergeCategorySaga),
  ]);
}
