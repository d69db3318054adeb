import type { RootState } from '../../app/store';

export const selectToasts = (state: RootState) => state.toasts.items;

export const selectHasToast = (message: string) => (state: RootState) =>
  state.toasts.items.some((toast) => toast.message === message);
