import { useCallback } from 'react';
import { TOAST_DURATION_MS } from '@inventory/contract/rules';
import { Toaster } from '@inventory/ui';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { selectToasts } from './selectors';
import { toastDismissed } from './toastsSlice';

/** Connects the toast queue to the ui Toaster (bottom of the screen, 5000 ms). */
export function AppToaster() {
  const toasts = useAppSelector(selectToasts);
  const dispatch = useAppDispatch();
  const onDismiss = useCallback((id: string) => dispatch(toastDismissed(id)), [dispatch]);
  return <Toaster toasts={toasts} onDismiss={onDismiss} duration={TOAST_DURATION_MS} />;
}
