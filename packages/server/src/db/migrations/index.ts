import type { Migration } from 'kysely';
import { usersSessionsResets } from './0001_users_sessions_resets';
import { productsOrdersUploadsContact } from './0002_products_orders_uploads_contact';
import { rateLimits } from './0003_rate_limits';
import { catalogueVersions } from './0004_catalogue_versions';
import { stores } from './0005_stores';
import { catalogueAtScale } from './0006_catalogue_at_scale';
import { stock } from './0007_stock';
import { listCounters } from './0008_list_counters';
import { stockInCategory } from './0009_stock_in_category';
import { skuLookup } from './0010_sku_lookup';
import { skuLookupCCollation } from './0011_sku_lookup_c_collation';
import { searchIndexOnTextChange } from './0012_search_index_on_text_change';
import { stockAlertsByProduct } from './0013_stock_alerts_by_product';
import { tokensDieWithMembership } from './0014_tokens_die_with_membership';
import { orderNumbersAndCorrectionReasons } from './0015_order_numbers_and_correction_reasons';
import { skuMatchKey } from './0016_sku_match_key';
import { uniqueSku } from './0017_unique_sku';
import { barcodeAndMpn } from './0018_barcode_and_mpn';
import { customers } from './0022_customers';
import { mailOutbox } from './0023_mail_outbox';
import { productCost } from './0024_product_cost';
import { productArchive } from './0026_product_archive';
import { storeDocumentsAndTaxRates } from './0028_store_documents_and_tax_rates';
import { categories } from './0029_categories';
import { suppliers } from './0030_suppliers';
import { salesOrderLines } from './0031_sales_order_lines';
import { purchaseOrders } from './0032_purchase_orders';
import { reportFigures } from './0035_report_figures';
import { receivablesIndex } from './0036_receivables_index';
import { productFiguresPerStatement } from './0037_product_figures_per_statement';
import { trigramPendingLists } from './0038_trigram_pending_lists';
import { orderAndCustomerFiguresPerStatement } from './0039_order_and_customer_figures_per_statement';
import { invoices } from './0033_invoices';
import { invoiceOrderLines } from './0034_invoice_order_lines';

/**
 * Every migration, one set for SQLite and PostgreSQL, one file each in this folder. Numbered and append-only: never
 * edit one that has shipped; add the next number. Only portable column types are used (text, integer), timestamps
 * are ISO strings.
 *
 * The keys are the names Kysely records in `kysely_migration` and runs in key order: a renamed key would make every
 * existing database run that migration again, so they never change.
 */
export const migrations: Record<string, Migration> = {
  '0001_users_sessions_resets': usersSessionsResets,
  '0002_products_orders_uploads_contact': productsOrdersUploadsContact,
  '0003_rate_limits': rateLimits,
  '0004_catalogue_versions': catalogueVersions,
  '0005_stores': stores,
  '0006_catalogue_at_scale': catalogueAtScale,
  '0007_stock': stock,
  '0008_list_counters': listCounters,
  '0009_stock_in_category': stockInCategory,
  '0010_sku_lookup': skuLookup,
  '0011_sku_lookup_c_collation': skuLookupCCollation,
  '0012_search_index_on_text_change': searchIndexOnTextChange,
  '0013_stock_alerts_by_product': stockAlertsByProduct,
  '0014_tokens_die_with_membership': tokensDieWithMembership,
  '0015_order_numbers_and_correction_reasons': orderNumbersAndCorrectionReasons,
  '0016_sku_match_key': skuMatchKey,
  '0017_unique_sku': uniqueSku,
  '0018_barcode_and_mpn': barcodeAndMpn,
  '0022_customers': customers,
  '0023_mail_outbox': mailOutbox,
  '0024_product_cost': productCost,
  '0026_product_archive': productArchive,
  '0028_store_documents_and_tax_rates': storeDocumentsAndTaxRates,
  '0029_categories': categories,
  '0030_suppliers': suppliers,
  '0031_sales_order_lines': salesOrderLines,
  '0032_purchase_orders': purchaseOrders,
  '0033_invoices': invoices,
  '0034_invoice_order_lines': invoiceOrderLines,
  '0035_report_figures': reportFigures,
  '0036_receivables_index': receivablesIndex,
  '0037_product_figures_per_statement': productFiguresPerStatement,
  '0038_trigram_pending_lists': trigramPendingLists,
  '0039_order_and_customer_figures_per_statement': orderAndCustomerFiguresPerStatement,
};
