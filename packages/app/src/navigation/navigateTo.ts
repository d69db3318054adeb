import { getContext } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';

/**
 * Sagas navigate through a function put in the saga context: react-router's `router.navigate` in the app and
 * stories, a spy in node tests.
 */
export type AppNavigate = (to: string, options?: { replace?: boolean }) => void;

export const NAVIGATE_CONTEXT_KEY = 'navigate';

export function* navigateTo(to: string, options?: { replace?: boolean }): SagaIterator<void> {
  const navigate: AppNavigate | undefined = yield getContext(NAVIGATE_CONTEXT_KEY);
  navigate?.(to, options);
}
