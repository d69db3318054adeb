import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { formSettled, type FormId } from '../forms/formErrorsSlice';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  /** The form whose failure this is: it goes when that form is sent again, succeeds or is left. */
  form?: FormId;
}

export interface ToastsState {
  items: Toast[];
}

export const initialToastsState: ToastsState = { items: [] };

/** The toast queue: sagas and screens dispatch toasts as actions; the ui Toaster shows them. */
const toastsSlice = createSlice({
  name: 'toasts',
  initialState: initialToastsState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        // Several calls failing together (e.g. a 401 on each) show one toast, not a stack of the same words.
        const { kind, message } = action.payload;
        if (state.items.some((shown) => shown.kind === kind && shown.message === message)) return;
        state.items.push(action.payload);
      },
      prepare(toast: { kind: ToastKind; message: string; form?: FormId }) {
        return { payload: { id: nanoid(), ...toast } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((toast) => toast.id !== action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(formSettled, (state, action) => {
      state.items = state.items.filter((toast) => toast.kind !== 'error' || toast.form !== action.payload);
    });
  },
});

export const { toastShown, toastDismissed } = toastsSlice.actions;
export const toastsReducer = toastsSlice.reducer;

/** Shorthands: `put(toast.error(message))`. */
export const toast = {
  success: (message: string) => toastShown({ kind: 'success', message }),
  error: (message: string, form?: FormId) => toastShown({ kind: 'error', message, ...(form ? { form } : {}) }),
  info: (message: string) => toastShown({ kind: 'info', message }),
};
