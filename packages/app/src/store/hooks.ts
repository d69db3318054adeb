import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

/** The store takes plain actions only (no thunks: every effect is a saga), so its dispatch is redux's own. */
export const useAppDispatch = useDispatch.withTypes<Dispatch<UnknownAction>>();

/**
 * Reads the store through a selector typed by the slice it reads (`(state: { products: ProductsState }) => …`): the
 * state's type comes from the selector, so no screen depends on the whole store's shape, which only app/ composes.
 */
export function useAppSelector<State, Selected>(selector: (state: State) => Selected): Selected {
  return useSelector(selector);
}
