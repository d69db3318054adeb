/*
 * The contract without its schemas: rules, constants, texts and types, none of which runs zod. The app's first screen
 * reads this entry (`@inventory/contract/rules`), so zod loads only with the code that validates against a schema.
 * The types the schemas infer are here too, as types only.
 */
export * from './accept';
export * from './archive';
export * from './avatar';
export * from './catalogue';
export * from './catalogue-fields';
export * from './categories';
export * from './constants';
export * from './contact';
export * from './cost';
export * from './csv';
export * from './customers';
export * from './customers-csv';
export * from './csv-export';
export * from './csv-encoding';
export * from './csv-syntax';
export * from './document-totals';
export * from './documents';
export * from './email';
export * from './field-access';
export * from './figures';
export * from './form-errors';
export * from './import-checker';
export * from './import-headers';
export * from './import-summary';
export * from './line-quantity-request';
export * from './lists';
export * from './messages';
export * from './money';
export * from './money-format';
export * from './number-format';
export * from './order-lines';
export * from './order-lines-stock';
export * from './order-status';
export * from './order-stock';
export * from './product-archive';
export * from './product-identity';
export * from './product-suppliers';
export * from './query-items';
export * from './record-import';
export * from './returns';
export * from './sales-messages';
export * from './sales-order-status';
export * from './shipments';
export * from './stock';
export * from './store-settings';
export * from './stores';
export * from './tax-rates';
export * from './suppliers';
export * from './suppliers-csv';
export * from './text-fields';
export * from './types';
export * from './validation';
export type * from './schemas';
