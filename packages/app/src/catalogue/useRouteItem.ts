import { useCallback, useEffect } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import type { ItemStatus } from './loadStatus';

/** Where a feature keeps the one item its detail and edit screens show, and the intent that loads it. */
export interface RouteItemSource<State, T> {
  /** Loads the item with this id (and its ETag). */
  requested: (id: string) => UnknownAction;
  selectItem: (state: State) => T | null;
  selectStatus: (state: State) => ItemStatus;
  /** The last failure's message. */
  selectMessage: (state: State) => string;
}

/**
 * The item named by the route's `:id`: asked for on open, again whenever the id changes, and on `reload` (a retry).
 * `item` is the item once it is the one loaded, else null; `status` then says what to show instead (an item still
 * held from another id counts as loading).
 */
export function useRouteItem<State, T extends { _id: string }>({
  requested,
  selectItem,
  selectStatus,
  selectMessage,
}: RouteItemSource<State, T>) {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const held = useAppSelector(selectItem);
  const heldStatus = useAppSelector(selectStatus);
  const message = useAppSelector(selectMessage);

  const reload = useCallback(() => dispatch(requested(id)), [dispatch, requested, id]);
  useEffect(() => {
    reload();
  }, [reload]);

  const item = heldStatus === 'loaded' && held?._id === id ? held : null;
  const status: ItemStatus = heldStatus === 'loaded' && !item ? 'loading' : heldStatus;
  return { id, item, status, message, reload };
}
