import type { ListSort, Page } from '@inventory/contract/rules';
import type { Action } from '@reduxjs/toolkit';
import { call, cancelled, delay, put, select, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { reportLoadFailure } from '../session/reportFailure';
import { listParams, requestFor, type PagedListActions, type PagedListState, type PageRequest } from './pagedList';
import { writePageSize } from './listPreferences';

/** How long a search waits for the next keystroke before it is sent (each new one cancels the one before). */
export const SEARCH_DEBOUNCE_MS = 80;

export interface PagedListLoads<T, F extends Record<string, string>, S extends string = ListSort> {
  /** The list's name (its slice's): its rows per page is remembered under it. */
  name: string;
  actions: PagedListActions<F, S>;
  selectState: (state: any) => PagedListState<T, F, S>; // eslint-disable-line @typescript-eslint/no-explicit-any -- each feature's slice of the store
  /** The page call; `signal` aborts it when a newer intent replaces it. */
  getPage: (params: Record<string, string | number>, signal: AbortSignal) => Promise<Page<T>>;
  /** Further actions that make the shown page reload (a create, an edit or a delete). */
  reloadOn?: Array<string | ((action: Action) => boolean)>;
}

/**
 * One saga per paged list: every intent (a page, a search, a sort, a filter, a reload) replaces the request in
 * flight (takeLatest, and the HTTP request is aborted); a search waits SEARCH_DEBOUNCE_MS first. A new query starts
 * again from page 1. A reloaded page that has emptied (its last rows deleted) falls back to the first page.
 */
export function pagedListSaga<T, F extends Record<string, string>, S extends string = ListSort>(
  loads: PagedListLoads<T, F, S>,
) {
  const { actions } = loads;
  /** The request that failed, which Retry (a reload) asks for again. */
  let failed: { page: number; at: PageRequest } | null = null;

  function* fetchPage(page: number, at: PageRequest): SagaIterator<void> {
    const controller = new AbortController();
    try {
      const state: PagedListState<T, F, S> = yield select(loads.selectState);
      const answer: Page<T> = yield call(loads.getPage, listParams(state.query, at), controller.signal);
      if (answer.items.length === 0 && page > 1) {
        const first: Page<T> = yield call(loads.getPage, listParams(state.query, { skip: 0 }), controller.signal);
        failed = null;
        yield put(actions.pageReceived({ page: 1, at: { skip: 0 }, answer: first }));
        return;
      }
      failed = null;
      yield put(actions.pageReceived({ page, at, answer }));
    } catch (error) {
      failed = { page, at };
      yield* reportLoadFailure(error, actions.pageLoadFailed);
    } finally {
      if ((yield cancelled()) as boolean) controller.abort();
    }
  }

  function* onIntent(action: Action): SagaIterator<void> {
    if (actions.searchChanged.match(action)) yield delay(SEARCH_DEBOUNCE_MS);
    const state: PagedListState<T, F, S> = yield select(loads.selectState);
    if (actions.pageRequested.match(action)) {
      const target = Math.max(1, action.payload.page);
      yield* fetchPage(target, requestFor(state, target));
    } else if (actions.reloadRequested.match(action) && failed) {
      yield* fetchPage(failed.page, failed.at);
    } else if (actions.pageSizeChanged.match(action)) {
      yield call(writePageSize, loads.name, action.payload);
      yield* fetchPage(1, { skip: 0 });
    } else if (
      !actions.searchChanged.match(action) &&
      !actions.sortChanged.match(action) &&
      !actions.filterChanged.match(action)
    ) {
      yield* fetchPage(state.page, state.at);
    } else {
      yield* fetchPage(1, { skip: 0 });
    }
  }

  return function* watchPagedList(): SagaIterator<void> {
    yield takeLatest(
      [
        actions.pageRequested.type,
        actions.reloadRequested.type,
        actions.searchChanged.type,
        actions.sortChanged.type,
        actions.filterChanged.type,
        actions.pageSizeChanged.type,
        ...(loads.reloadOn ?? []),
      ] as never,
      onIntent,
    );
  };
}
