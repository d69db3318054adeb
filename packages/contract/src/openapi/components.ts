import { z } from 'zod';
import { IMPORT_FIELD_KEYS } from '../csv';
import { SUPPLIER_FIELD_KEYS } from '../suppliers';
import { productSupplierSchema, supplierResponseSchema } from '../schemas/supplier-responses';
import {
  productSupplierCreateSchema,
  productSupplierListSchema,
  productSupplierPageSchema,
  productSupplierPutSchema,
  supplierImportCheckSchema,
  supplierImportResultSchema,
  supplierPageSchema,
  supplierRemovedSchema,
  supplierSchema,
  supplierUpdateSchema,
} from '../schemas/suppliers';
import {
  purchaseOrderCreateSchema,
  purchaseOrderPageSchema,
  purchaseOrderResponseSchema,
  purchaseOrderStatusSchema,
  purchaseOrderUpdateSchema,
  receiptCreatedSchema,
  receiptCreateSchema,
  receiptListSchema,
  reorderListSchema,
  reorderSuggestionAnswerSchema,
  reorderSuggestionRequestSchema,
} from '../schemas/purchase-orders';
import { productFieldsSchema, productUpdateFieldsSchema, orderSchema, orderUpdateSchema } from '../schemas/catalogue';
import { categoryListAnswerSchema, categoryMergedSchema, categoryMergeSchema, categoryRenameSchema, categoryResponseSchema } from '../schemas/categories';
import { contactSchema } from '../schemas/contact';
import { returnSchema, salesOrderSchema, salesOrderUpdateSchema, shipmentSchema } from '../schemas/sales-orders';
import { returnListSchema, returnResponseSchema, shipmentListSchema, shipmentResponseSchema } from '../schemas/sales-responses';
import { productBulkResultSchema, productBulkSchema, productRemovalSchema } from '../schemas/product-archive';
import {
  apiErrorSchema,
  contactDetailsSchema,
  errorResponseSchema,
  healthSchema,
  loggedInSchema,
  messageResponseSchema,
  orderListSchema,
  orderResponseSchema,
  productImageSchema,
  productListSchema,
  productResponseSchema,
  unavailableResponseSchema,
  uploadResponseSchema,
  userResponseSchema,
} from '../schemas/responses';
import {
  changePasswordSchema,
  forgotSchema,
  loginSchema,
  registerSchema,
  resetSchema,
  updateUserSchema,
} from '../schemas/account';
import {
  apiTokenCreatedSchema,
  apiTokenListSchema,
  invitationCreateSchema,
  invitationListSchema,
  invitationPreviewSchema,
  invitationResponseSchema,
  memberListSchema,
  memberResponseSchema,
  memberRoleSchema,
  storeListSchema,
  storeNameSchema,
  storeResponseSchema,
  storeSwitchSchema,
  tokenCreateSchema,
} from '../schemas/stores';
import { movementPageSchema, stockAdjustmentSchema } from '../schemas/stock';
import { importCheckSchema, importErrorsAnswerSchema, importResultSchema } from '../schemas/csv';
import { catalogueSummarySchema, categoryListSchema, orderPageSchema, productPageSchema } from '../schemas/lists';
import { customerResponseSchema } from '../schemas/customer-responses';
import {
  customerImportCheckSchema,
  customerImportResultSchema,
  customerOrderPageSchema,
  customerPageSchema,
  customerRemovedSchema,
  customerSchema,
  customerUpdateSchema,
} from '../schemas/customers';
import { CUSTOMER_FIELD_KEYS } from '../customers';
import { storeSettingsSchema, storeSettingsUpdateSchema, taxRateCreateSchema, taxRateListSchema, taxRateSchema, taxRateUpdateSchema } from '../schemas/store-settings';
import {
  billingNumberingAnswerSchema,
  billingNumberingSchema,
  creditNoteCreateSchema,
  creditNoteListSchema,
  creditNoteSchema,
  invoiceCreateSchema,
  invoicePageSchema,
  orderInvoiceSchema,
  orderInvoicingSchema,
  invoiceSchema,
  invoiceUpdateSchema,
  paymentCreateSchema,
  paymentListSchema,
  paymentSchema,
} from '../schemas/invoices';
import { receivablesReportSchema, salesReportSchema, stockValueReportSchema, taxReportSchema } from '../schemas/reports';
import { componentSchemas } from './json-schema';
import type { JsonSchema } from './types';

/** A file part of a multipart form (OpenAPI 3.1 says bytes with `contentMediaType`; `format: binary` for older tools). */
const FILE_PART: JsonSchema = {
  type: 'string',
  format: 'binary',
  contentMediaType: 'application/octet-stream',
  description: 'A JPEG or PNG image',
};

/** The multipart forms: the contract's text fields plus the file part the route reads. */
function withFile(fields: JsonSchema | undefined, file: string, required: boolean): JsonSchema {
  const base = fields ?? { type: 'object', properties: {}, additionalProperties: false };
  const properties = { ...(base.properties as Record<string, JsonSchema>), [file]: FILE_PART };
  const requiredFields = [...((base.required as string[] | undefined) ?? []), ...(required ? [file] : [])];
  return { ...base, properties, ...(requiredFields.length > 0 ? { required: requiredFields } : {}) };
}

/** Every named schema of the document: the contract's answers as they are built, its requests as they are sent. */
export function buildComponentSchemas(): Record<string, JsonSchema> {
  const answers = componentSchemas(
    {
      User: userResponseSchema,
      ProductImage: productImageSchema,
      Product: productResponseSchema,
      ProductList: productListSchema,
      ProductPage: productPageSchema,
      ProductListAnswer: z.union([productListSchema, productPageSchema]),
      ProductRemoval: productRemovalSchema,
      ProductBulkResult: productBulkResultSchema,
      CatalogueSummary: catalogueSummarySchema,
      CategoryList: categoryListSchema,
      Category: categoryResponseSchema,
      CategoryListAnswer: categoryListAnswerSchema,
      CategoryMerged: categoryMergedSchema,
      MovementPage: movementPageSchema,
      StockAdjusted: z.object({ message: z.string(), quantity: z.number().int().min(0) }),
      ImportResult: importResultSchema,
      ImportCheck: importCheckSchema,
      ImportAnswer: z.union([importCheckSchema, importResultSchema]),
      ImportErrors: importErrorsAnswerSchema,
      Order: orderResponseSchema,
      OrderList: orderListSchema,
      OrderPage: orderPageSchema,
      OrderListAnswer: z.union([orderListSchema, orderPageSchema]),
      Shipment: shipmentResponseSchema,
      ShipmentList: shipmentListSchema,
      Return: returnResponseSchema,
      ReturnList: returnListSchema,
      Customer: customerResponseSchema,
      CustomerPage: customerPageSchema,
      CustomerOrderPage: customerOrderPageSchema,
      CustomerRemoved: customerRemovedSchema,
      CustomerImportAnswer: z.union([customerImportCheckSchema, customerImportResultSchema]),
      StoreSettings: storeSettingsSchema,
      TaxRate: taxRateSchema,
      TaxRateList: taxRateListSchema,
      Supplier: supplierResponseSchema,
      SupplierPage: supplierPageSchema,
      SupplierRemoved: supplierRemovedSchema,
      SupplierImportAnswer: z.union([supplierImportCheckSchema, supplierImportResultSchema]),
      ProductSupplier: productSupplierSchema,
      ProductSupplierList: productSupplierListSchema,
      ProductSupplierPage: productSupplierPageSchema,
      PurchaseOrder: purchaseOrderResponseSchema,
      PurchaseOrderPage: purchaseOrderPageSchema,
      ReceiptCreated: receiptCreatedSchema,
      ReceiptList: receiptListSchema,
      ReorderSuggestion: reorderSuggestionAnswerSchema,
      ReorderList: reorderListSchema,
      Invoice: invoiceSchema,
      SalesReport: salesReportSchema,
      TaxReport: taxReportSchema,
      ReceivablesReport: receivablesReportSchema,
      StockValueReport: stockValueReportSchema,
      InvoicePage: invoicePageSchema,
      OrderInvoicing: orderInvoicingSchema,
      CreditNote: creditNoteSchema,
      CreditNoteList: creditNoteListSchema,
      Payment: paymentSchema,
      PaymentList: paymentListSchema,
      BillingNumbering: billingNumberingAnswerSchema,
      Message: messageResponseSchema,
      ContactDetails: contactDetailsSchema,
      Error: errorResponseSchema,
      InternalError: apiErrorSchema,
      Unavailable: unavailableResponseSchema,
      LoggedIn: loggedInSchema,
      Upload: uploadResponseSchema,
      Health: healthSchema,
      Store: storeResponseSchema,
      StoreList: storeListSchema,
      Member: memberResponseSchema,
      MemberList: memberListSchema,
      Invitation: invitationResponseSchema,
      InvitationList: invitationListSchema,
      InvitationPreview: invitationPreviewSchema,
      ApiTokenList: apiTokenListSchema,
      ApiTokenCreated: apiTokenCreatedSchema,
    },
    'output',
  );
  const { ProductFields, ProductUpdateFields, ...requests } = componentSchemas(
    {
      RegisterRequest: registerSchema,
      LoginRequest: loginSchema,
      ForgotPasswordRequest: forgotSchema,
      ResetPasswordRequest: resetSchema,
      UpdateUserRequest: updateUserSchema,
      ChangePasswordRequest: changePasswordSchema,
      OrderRequest: z.union([orderSchema, salesOrderSchema]),
      OrderUpdateRequest: z.union([orderUpdateSchema, salesOrderUpdateSchema]),
      ShipmentRequest: shipmentSchema,
      ReturnRequest: returnSchema,
      ContactRequest: contactSchema,
      StoreNameRequest: storeNameSchema,
      StoreSwitchRequest: storeSwitchSchema,
      MemberRoleRequest: memberRoleSchema,
      InvitationRequest: invitationCreateSchema,
      ApiTokenRequest: tokenCreateSchema,
      StockAdjustmentRequest: stockAdjustmentSchema,
      CustomerRequest: customerSchema,
      CategoryRenameRequest: categoryRenameSchema,
      CategoryMergeRequest: categoryMergeSchema,
      CustomerUpdateRequest: customerUpdateSchema,
      StoreSettingsRequest: storeSettingsUpdateSchema,
      TaxRateRequest: taxRateCreateSchema,
      TaxRateUpdateRequest: taxRateUpdateSchema,
      SupplierRequest: supplierSchema,
      SupplierUpdateRequest: supplierUpdateSchema,
      ProductSupplierCreateRequest: productSupplierCreateSchema,
      ProductSupplierPutRequest: productSupplierPutSchema,
      PurchaseOrderRequest: purchaseOrderCreateSchema,
      PurchaseOrderUpdateRequest: purchaseOrderUpdateSchema,
      PurchaseOrderStatusRequest: purchaseOrderStatusSchema,
      ReceiptRequest: receiptCreateSchema,
      ReorderSuggestionRequest: reorderSuggestionRequestSchema,
      InvoiceRequest: invoiceCreateSchema,
      OrderInvoiceRequest: orderInvoiceSchema,
      InvoiceUpdateRequest: invoiceUpdateSchema,
      CreditNoteRequest: creditNoteCreateSchema,
      PaymentRequest: paymentCreateSchema,
      BillingNumberingRequest: billingNumberingSchema,
      ProductFields: productFieldsSchema,
      ProductUpdateFields: productUpdateFieldsSchema,
      ProductBulkRequest: productBulkSchema,
    },
    'input',
  );
  return {
    ...answers,
    ...requests,
    ProductForm: withFile(ProductFields, 'image', false),
    ProductUpdateForm: withFile(ProductUpdateFields, 'image', false),
    UploadForm: withFile(undefined, 'file', true),
    CustomerImportForm: {
      type: 'object',
      properties: {
        file: { ...FILE_PART, description: 'The CSV file' },
        mapping: { type: 'string', description: `Optional JSON object: our customer field (${CUSTOMER_FIELD_KEYS.join(', ')}) → the file's header` },
      },
      required: ['file'],
      additionalProperties: false,
    },
    SupplierImportForm: {
      type: 'object',
      properties: {
        file: { ...FILE_PART, description: 'The CSV file' },
        mapping: { type: 'string', description: `Optional JSON object: our supplier field (${SUPPLIER_FIELD_KEYS.join(', ')}) → the file's header` },
      },
      required: ['file'],
      additionalProperties: false,
    },
    ImportForm: {
      type: 'object',
      properties: {
        file: { ...FILE_PART, description: 'The CSV file' },
        mapping: { type: 'string', description: `Optional JSON object: our field (${IMPORT_FIELD_KEYS.join(', ')}) → the file's header` },
      },
      required: ['file'],
      additionalProperties: false,
    },
  };
}
