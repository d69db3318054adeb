import type { Product } from '@inventory/contract/rules';
import { createCatalogueSlice, type CatalogueState } from '../../catalogue/catalogueSlice';
import type { ItemFormValues } from '../../catalogue/itemForm';

/** What the product form sends: the four item fields, the description (HTML) and an optional new image. */
export interface ProductFormValues extends ItemFormValues {
  description: string;
  /** The reorder point as typed ('' for none); absent leaves the product's as it is. */
  reorderPoint?: string;
  /** A new product's own SKU as typed ('' or absent: one is made from the category). Never sent on an edit. */
  sku?: string;
  /** Barcode and manufacturer part number as typed ('' for none); absent leaves the product's as they are. */
  barcode?: string;
  mpn?: string;
  /** The unit cost as typed ('' for not known); absent (a role without cost:update) leaves it as it is. */
  cost?: string;
}

export interface ProductSubmission {
  values: ProductFormValues;
  image: File | null;
}

export interface ProductUpdate extends ProductSubmission {
  id: string;
  /** Where the user came from (the dashboard's page, the product's page): saved, they go back there. */
  returnTo?: string;
}

/** The product slice: the catalogue slice under `products`, the shown product under `product`. */
const productsSlice = createCatalogueSlice<Product, ProductSubmission, ProductUpdate>()({
  name: 'products',
  itemKey: 'product',
});

export type ProductsState = CatalogueState<Product, 'product'>;

export const initialProductsState: ProductsState = productsSlice.initialState;

export const {
  itemRequested: getProductRequested,
  createRequested: createProductRequested,
  updateRequested: updateProductRequested,
  deleteRequested: deleteProductRequested,
  itemReceived: productReceived,
  itemNotFound: productNotFound,
  itemLoadFailed: productLoadFailed,
  created: productCreated,
  updated: productUpdated,
  deleted: productDeleted,
  changeFailed: productsRequestFailed,
} = productsSlice.actions;

export const productsReducer = productsSlice.reducer;
