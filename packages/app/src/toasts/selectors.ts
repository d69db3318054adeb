import type { ToastsState } from './toastsSlice';

export const selectToasts = (state: { toasts: ToastsState }) => state.toasts.items;
