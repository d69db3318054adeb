import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The forms that report failures under their fields (and scope their error toasts). */
export type FormId =
  | 'login'
  | 'register'
  | 'forgot'
  | 'reset'
  | 'profile'
  | 'changePassword'
  | 'product'
  | 'order'
  | 'customer'
  | 'orderCustomer'
  | 'contact'
  | 'storeSettings'
  | 'taxRate'
  | 'categoryRename'
  | 'categoryMerge'
  | 'supplier'
  | 'productSupplier'
  | 'salesOrder'
  | 'purchaseOrder'
  | 'invoice'
  | 'numbering';

export type FieldErrors = Partial<Record<string, string>>;

export interface FormErrorsState {
  byForm: Partial<Record<FormId, FieldErrors>>;
}

export const initialFormErrorsState: FormErrorsState = { byForm: {} };

/**
 * A form's failures that concern one field (from `fieldOfMessage`): shown under that field until the form is sent
 * again, succeeds, the field is edited or the form is left. Sagas put them through `reportFailure`/`reportInvalid`.
 */
const formErrorsSlice = createSlice({
  name: 'formErrors',
  initialState: initialFormErrorsState,
  reducers: {
    fieldFailed(state, action: PayloadAction<{ form: FormId; field: string; message: string }>) {
      const { form, field, message } = action.payload;
      state.byForm[form] = { [field]: message };
    },
    fieldEdited(state, action: PayloadAction<{ form: FormId; field: string }>) {
      const errors = state.byForm[action.payload.form];
      if (errors?.[action.payload.field]) delete errors[action.payload.field];
    },
    /** Sent again, succeeded or left: its earlier failures (fields and error toasts) are over. */
    formSettled(state, action: PayloadAction<FormId>) {
      delete state.byForm[action.payload];
    },
  },
});

export const { fieldFailed, fieldEdited, formSettled } = formErrorsSlice.actions;
export const formErrorsReducer = formErrorsSlice.reducer;

const NO_ERRORS: FieldErrors = {};
export const selectFieldErrors = (form: FormId) => (state: { formErrors: FormErrorsState }) =>
  state.formErrors.byForm[form] ?? NO_ERRORS;
