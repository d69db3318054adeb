/**
 * The original app's request flags, which the catalogue slices keep beside their load statuses: the last request's
 * progress and outcome, and its message when it failed.
 */
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
