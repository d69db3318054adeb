import { describe, expect, it } from 'vitest';
import { initialToastsState, toast, toastDismissed, toastsReducer } from './toastsSlice';

describe('toasts slice', () => {
  it('queues toasts of different words or kinds', () => {
    let state = toastsReducer(initialToastsState, toast.success('Product added successfully'));
    state = toastsReducer(state, toast.error('Product added successfully'));
    state = toastsReducer(state, toast.error('Please enter a valid email'));
    expect(state.items.map(({ kind, message }) => [kind, message])).toEqual([
      ['success', 'Product added successfully'],
      ['error', 'Product added successfully'],
      ['error', 'Please enter a valid email'],
    ]);
  });

  it('shows the same words once while they are on screen, and again after dismissal', () => {
    let state = toastsReducer(initialToastsState, toast.info('Session expired, please login to continue.'));
    state = toastsReducer(state, toast.info('Session expired, please login to continue.'));
    expect(state.items).toHaveLength(1);
    state = toastsReducer(state, toastDismissed(state.items[0]!.id));
    state = toastsReducer(state, toast.info('Session expired, please login to continue.'));
    expect(state.items).toHaveLength(1);
  });
});
