import { createSlice, type PayloadAction, type Reducer } from '@reduxjs/toolkit';
import { defaultDirection, type ListSort, type Page, type SortDirection } from '@inventory/contract/rules';
import { activeStoreChanged } from '../membership/membershipSlice';
import { readPageSize } from './listPreferences';

/** The query of a paged list beside its page: search text, sort and the feature's filters ('' is "all"). */
export interface PagedQuery<F extends Record<string, string>, S extends string = ListSort> {
  q: string;
  sort: S;
  dir: SortDirection;
  filters: F;
  /** Rows per page (one of LIST_PAGE_SIZES), the `limit` sent. */
  limit: number;
}

/** How the shown page was asked for, so it can be asked for again (after a change) as it was. */
export interface PageRequest {
  after?: string;
  before?: string;
  skip: number;
}

export interface PagedListState<T, F extends Record<string, string>, S extends string = ListSort> {
  query: PagedQuery<F, S>;
  /** The shown page, 1-based, and the rows the server answered for it. */
  page: number;
  items: T[];
  total: number;
  totalExact: boolean;
  next: string | null;
  prev: string | null;
  at: PageRequest;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  message: string | null;
}

/** The page the screen asks for, and where it is asked from (the page a request was made on). */
export interface PageIntent {
  page: number;
}

/**
 * A list the server answers a page at a time (ADR 0015): the query, the page shown and its cursors. The screen sends
 * intents (a page, a new query, reload); the feature's saga (`pagedListSaga`) turns them into one request each.
 */
export function createPagedListSlice<T, F extends Record<string, string>, S extends string = ListSort>(
  name: string,
  filters: F,
  /** The sort a list opens with (newest first unless said; the customers open by name). */
  initialSort: S = 'createdAt' as S,
) {
  // Made when a store is made (a lazy initial state), so each reads the rows per page remembered then.
  const initialState = (): PagedListState<T, F, S> => ({
    query: {
      q: '',
      sort: initialSort,
      dir: defaultDirection(initialSort),
      filters: { ...filters },
      limit: readPageSize(name),
    },
    page: 1,
    items: [],
    total: 0,
    totalExact: true,
    next: null,
    prev: null,
    at: { skip: 0 },
    status: 'idle',
    message: null,
  });
  const slice = createSlice({
    name,
    initialState: initialState as () => PagedListState<unknown, Record<string, string>, string>,
    reducers: {
      /** Go to a page (1-based): the saga asks for it from the shown page's cursors. */
      pageRequested(state, _action: PayloadAction<PageIntent>) {
        state.status = 'loading';
      },
      /** Ask for the shown page again, as it was asked for (after a change, or Retry). */
      reloadRequested(state) {
        state.status = 'loading';
      },
      searchChanged(state, action: PayloadAction<string>) {
        state.query.q = action.payload;
        state.status = 'loading';
      },
      /** Sort by a column: the same column again turns the direction round. */
      sortChanged(state, action: PayloadAction<string>) {
        if (state.query.sort === action.payload) state.query.dir = state.query.dir === 'asc' ? 'desc' : 'asc';
        else {
          state.query.sort = action.payload;
          state.query.dir = defaultDirection(action.payload);
        }
        state.status = 'loading';
      },
      filterChanged(state, action: PayloadAction<{ key: string; value: string }>) {
        state.query.filters[action.payload.key] = action.payload.value;
        state.status = 'loading';
      },
      /** Rows per page: the saga remembers it and asks for the first page. */
      pageSizeChanged(state, action: PayloadAction<number>) {
        state.query.limit = action.payload;
        state.status = 'loading';
      },
      pageReceived(state, action: PayloadAction<{ page: number; at: PageRequest; answer: Page<unknown> }>) {
        const { page, at, answer } = action.payload;
        Object.assign(state, { page, at, ...answer, status: 'loaded', message: null });
      },
      pageLoadFailed(state, action: PayloadAction<string>) {
        state.status = 'failed';
        state.message = action.payload;
      },
    },
    extraReducers: (builder) => {
      // Another store's list: start again from its first page.
      builder.addCase(
        activeStoreChanged,
        () => initialState() as PagedListState<unknown, Record<string, string>, string>,
      );
    },
  });
  return {
    actions: slice.actions as unknown as PagedListActions<F, S>,
    reducer: slice.reducer as unknown as Reducer<PagedListState<T, F, S>>,
    initialState,
    /** The list's name, which its remembered rows per page is kept under. */
    name,
  };
}

type Creator<P> = ((payload: P) => PayloadAction<P>) & { type: string; match: (a: unknown) => a is PayloadAction<P> };
type Creator0 = (() => PayloadAction<undefined>) & {
  type: string;
  match: (a: unknown) => a is PayloadAction<undefined>;
};

export interface PagedListActions<F extends Record<string, string>, S extends string = ListSort> {
  pageRequested: Creator<PageIntent>;
  reloadRequested: Creator0;
  searchChanged: Creator<string>;
  sortChanged: Creator<S>;
  filterChanged: Creator<{ key: keyof F & string; value: string }>;
  pageSizeChanged: Creator<number>;
  pageReceived: Creator<{ page: number; at: PageRequest; answer: Page<unknown> }>;
  pageLoadFailed: Creator<string>;
}

/**
 * The request for page `target` from the shown page: page 1 from the start; a later page after the shown page's
 * last row (`next`), skipping the pages between; an earlier one before its first row (`prev`), likewise; the shown
 * page as it was asked for.
 */
export function requestFor(
  state: Pick<PagedListState<unknown, Record<string, string>, string>, 'page' | 'next' | 'prev' | 'at' | 'query'>,
  target: number,
): PageRequest {
  const { limit } = state.query;
  if (target <= 1) return { skip: 0 };
  if (target === state.page) return state.at;
  if (target > state.page && state.next) return { after: state.next, skip: (target - state.page - 1) * limit };
  if (target < state.page && state.prev) return { before: state.prev, skip: (state.page - target - 1) * limit };
  return { skip: 0 };
}

/** The query string of a page request: only what is set. */
export function listParams<F extends Record<string, string>>(
  query: PagedQuery<F, string>,
  at: PageRequest,
): Record<string, string | number> {
  const params: Record<string, string | number> = { limit: query.limit, sort: query.sort, dir: query.dir };
  if (query.q.trim()) params.q = query.q.trim();
  for (const [key, value] of Object.entries(query.filters)) if (value) params[key] = value;
  if (at.after) params.after = at.after;
  if (at.before) params.before = at.before;
  if (at.skip) params.skip = at.skip;
  return params;
}
