import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { isNotFound } from '../api/client';
import { reportLoadFailure } from '../session/reportFailure';
import type { Versioned } from './versioned';

type Result<Payload> = (payload: Payload) => { type: string };

export interface CatalogueLoads<T> {
  getList: () => Promise<T[]>;
  getItem: (id: string) => Promise<Versioned<T>>;
  /** Shown when the item does not exist or is not this user's. */
  notFoundMessage: string;
  listReceived: Result<T[]>;
  listLoadFailed: Result<string>;
  itemReceived: Result<Versioned<T>>;
  itemNotFound: Result<string>;
  itemLoadFailed: Result<string>;
}

/**
 * The list's and the shown item's loads, the same for products and orders. A failure is recorded for the screen to
 * show (no toast); a 404 on the item is 'not found'.
 */
export function catalogueLoadSagas<T>(loads: CatalogueLoads<T>) {
  function* loadListSaga(): SagaIterator<void> {
    try {
      const items: T[] = yield call(loads.getList);
      yield put(loads.listReceived(items));
    } catch (error) {
      yield* reportLoadFailure(error, loads.listLoadFailed);
    }
  }

  function* loadItemSaga({ payload: id }: PayloadAction<string>): SagaIterator<void> {
    try {
      const answer: Versioned<T> = yield call(loads.getItem, id);
      yield put(loads.itemReceived(answer));
    } catch (error) {
      if (isNotFound(error)) yield put(loads.itemNotFound(loads.notFoundMessage));
      else yield* reportLoadFailure(error, loads.itemLoadFailed);
    }
  }

  return { loadListSaga, loadItemSaga };
}
