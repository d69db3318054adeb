import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { isNotFound } from '../api/client';
import { reportLoadFailure } from '../session/reportFailure';
import type { Versioned } from './versioned';

type Result<Payload> = (payload: Payload) => { type: string };

export interface CatalogueLoads<T> {
  getItem: (id: string) => Promise<Versioned<T>>;
  /** Shown when the item does not exist or is not this user's. */
  notFoundMessage: string;
  itemReceived: Result<Versioned<T>>;
  itemNotFound: Result<string>;
  itemLoadFailed: Result<string>;
}

/**
 * The shown item's load, the same for products and orders. A failure is recorded for the screen to show (no toast);
 * a 404 is 'not found'.
 */
export function catalogueLoadSagas<T>(loads: CatalogueLoads<T>) {
  function* loadItemSaga({ payload: id }: PayloadAction<string>): SagaIterator<void> {
    try {
      const answer: Versioned<T> = yield call(loads.getItem, id);
      yield put(loads.itemReceived(answer));
    } catch (error) {
      if (isNotFound(error)) yield put(loads.itemNotFound(loads.notFoundMessage));
      else yield* reportLoadFailure(error, loads.itemLoadFailed);
    }
  }

  return { loadItemSaga };
}
