/**
 * Where a list or the one item a screen shows stands. The slices also keep the spec's request flags
 * (isLoading / isSuccess / isError / message, SPEC.md §4); these say which screen state to draw.
 */
export type ListStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type ItemStatus = 'idle' | 'loading' | 'loaded' | 'notFound' | 'failed';

export interface RequestFlags {
  isLoading: boolean;
  isSuccess: boolean;
  isError: boolean;
  message: string;
}

export const initialRequestFlags: RequestFlags = { isLoading: false, isSuccess: false, isError: false, message: '' };

export function requestStarted(state: RequestFlags): void {
  state.isLoading = true;
  state.isSuccess = false;
  state.isError = false;
  state.message = '';
}

export function requestSucceeded(state: RequestFlags): void {
  state.isLoading = false;
  state.isSuccess = true;
  state.isError = false;
}

export function requestFailed(state: RequestFlags, message: string): void {
  state.isLoading = false;
  state.isSuccess = false;
  state.isError = true;
  state.message = message;
}
