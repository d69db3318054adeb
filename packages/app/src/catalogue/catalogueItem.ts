/**
 * What the catalogue's tables and facts show of a product or an order. Prices and quantities are numbers from the
 * API; a string that slipped through (e.g. quantity '0') counts the same.
 */
export interface CatalogueItem {
  _id: string;
  name: string;
  category: string;
  price: number | string;
  quantity: number | string;
}
