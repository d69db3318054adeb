import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductSupplier, ProductSupplierFields, Supplier } from '@inventory/contract/rules';

export type ProductSuppliersStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** The suppliers of the product shown on its page, the store's suppliers to choose from, and a link being saved. */
export interface ProductSuppliersState {
  productId: string | null;
  links: ProductSupplier[];
  status: ProductSuppliersStatus;
  message: string;
  choices: Supplier[];
  /** A link is being added, changed or removed. */
  saving: boolean;
  /** Counts links saved: the link form closes after each. */
  savedCount: number;
}

export const initialProductSuppliersState: ProductSuppliersState = {
  productId: null,
  links: [],
  status: 'idle',
  message: '',
  choices: [],
  saving: false,
  savedCount: 0,
};

/** A link to add (`supplierId` new to the product) or change, with the link form's fields. */
export interface LinkIntent {
  productId: string;
  supplierId: string;
  fields: ProductSupplierFields;
  /** Adding (POST) rather than changing (PUT). */
  adding: boolean;
}

/** `*Requested` actions are intents run by productSuppliersSagas.ts; the rest are results. */
const productSuppliersSlice = createSlice({
  name: 'productSuppliers',
  initialState: initialProductSuppliersState,
  reducers: {
    linksRequested(state, action: PayloadAction<string>) {
      if (state.productId !== action.payload) state.links = [];
      state.productId = action.payload;
      state.status = 'loading';
    },
    linksReceived(state, action: PayloadAction<{ productId: string; links: ProductSupplier[] }>) {
      if (action.payload.productId !== state.productId) return;
      state.links = action.payload.links;
      state.status = 'loaded';
    },
    linksLoadFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.message = action.payload;
    },
    choicesReceived(state, action: PayloadAction<Supplier[]>) {
      state.choices = action.payload;
    },
    linkRequested(state, _action: PayloadAction<LinkIntent>) {
      state.saving = true;
    },
    unlinkRequested(state, _action: PayloadAction<{ productId: string; supplierId: string }>) {
      state.saving = true;
    },
    linkSaved(state) {
      state.saving = false;
      state.savedCount += 1;
    },
    linkFailed(state, _action: PayloadAction<string>) {
      state.saving = false;
    },
  },
});

export const productSuppliersReducer = productSuppliersSlice.reducer;
export const { linksRequested, linksReceived, linksLoadFailed, choicesReceived, linkRequested, unlinkRequested, linkSaved, linkFailed } =
  productSuppliersSlice.actions;

export const selectProductSuppliers = (state: { productSuppliers: ProductSuppliersState }) => state.productSuppliers;
