import { LIMITS, SUPPLIER_LIMITS } from './constants';
import { CUSTOMER_FIELD_KEYS, CUSTOMER_TEXT_FIELDS } from './customers';
import { MESSAGES } from './messages';
import { MULTILINE_SETTINGS_FIELDS, STORE_SETTINGS_LABELS, STORE_SETTINGS_LIMITS } from './store-settings';
import { TAX_RATE_NAME_MAX } from './tax-rates';
import { PRODUCT_SUPPLIER_LABELS } from './product-suppliers';
import { SUPPLIER_TEXT_FIELD_KEYS, SUPPLIER_TEXT_FIELDS } from './suppliers';
import { textFieldMessages } from './text-fields';

/*
 * Which form field a message concerns, so every form shows a failure under its field (an answer of the server, a 409
 * or 422, or the client's own check) and toasts only what concerns no one field. The fields are the API's names.
 */

type Matcher = (message: string) => boolean;

const exactly =
  (...texts: string[]): Matcher =>
  (message) =>
    texts.includes(message);

/** A message made by a function of one value (a number, an email): its text around that value. */
function madeBy(make: (value: never) => string): Matcher {
  const marker = '\u0000';
  const [before = '', after = ''] = make(marker as never).split(marker);
  return (message) => message.length > before.length + after.length && message.startsWith(before) && message.endsWith(after);
}

/** The same for a message made of two values (a SKU and the name of the product that has it). */
function madeByTwo(make: (first: never, second: never) => string): Matcher {
  const marker = '\u0000';
  const [before = '', middle = '', after = ''] = make(marker as never, marker as never).split(marker);
  return (message) => {
    if (!message.startsWith(before) || !message.endsWith(after)) return false;
    const inner = message.slice(before.length, message.length - after.length);
    const at = inner.indexOf(middle);
    return at > 0 && at + middle.length < inner.length;
  };
}

const FIELD_MESSAGES: ReadonlyArray<readonly [field: string, matches: Matcher]> = [
  ['email', exactly(MESSAGES.invalidEmail, MESSAGES.emailRequired, MESSAGES.emailTaken)],
  ['email', madeBy(MESSAGES.alreadyMember)],
  ['email', madeBy(MESSAGES.alreadyInvited)],
  ['password', exactly(MESSAGES.passwordTooShort)],
  ['password2', exactly(MESSAGES.passwordsDoNotMatch, MESSAGES.newPasswordsDoNotMatch)],
  ['oldPassword', exactly(MESSAGES.wrongOldPassword)],
  ['name', exactly(MESSAGES.nameRequired, MESSAGES.storeNameRequired, MESSAGES.tokenNameRequired, MESSAGES.directionControls('Name'))],
  ['phone', exactly(MESSAGES.directionControls('Phone'))],
  [
    'category',
    exactly(MESSAGES.categoryRequired, MESSAGES.fieldTooLong('Category', LIMITS.category), MESSAGES.controlCharacters('Category'), MESSAGES.directionControls('Category')),
  ],
  // The Categories page's dialogs (0032): a new name another category has; the category to merge into.
  ['category', madeBy(MESSAGES.categoryNameTaken)],
  ['into', exactly(MESSAGES.categoryMergeIntoItself, MESSAGES.categoryMergeTargetNotFound)],
  [
    'sku',
    exactly(
      MESSAGES.skuRequired,
      MESSAGES.fieldTooLong('SKU', LIMITS.sku),
      MESSAGES.controlCharacters('SKU'),
      MESSAGES.directionControls('SKU'),
    ),
  ],
  ['sku', madeByTwo(MESSAGES.skuTaken)],
  ['barcode', exactly(MESSAGES.barcodeDigits)],
  ['barcode', madeBy(MESSAGES.barcodeLength)],
  ['barcode', madeBy(MESSAGES.barcodeCheckDigit)],
  ['barcode', madeByTwo(MESSAGES.barcodeTaken)],
  ['mpn', exactly(MESSAGES.fieldTooLong('MPN', LIMITS.mpn), MESSAGES.controlCharacters('MPN'), MESSAGES.directionControls('MPN'))],
  [
    'price',
    exactly(MESSAGES.priceRequired, MESSAGES.priceInvalid, MESSAGES.priceThousandsSeparator, MESSAGES.priceDecimals, MESSAGES.priceTooHigh),
  ],
  ['cost', exactly(MESSAGES.costInvalid, MESSAGES.costThousandsSeparator, MESSAGES.costDecimals, MESSAGES.costTooHigh)],
  ['quantity', exactly(MESSAGES.quantityRequired, MESSAGES.quantityInvalid, MESSAGES.quantityTooHigh)],
  ['quantity', exactly(MESSAGES.insufficientStock(0))],
  ['quantity', madeBy(MESSAGES.insufficientStock)],
  ['reorderPoint', exactly(MESSAGES.reorderPointInvalid, MESSAGES.reorderPointTooHigh)],
  ['description', exactly(MESSAGES.descriptionTooLong)],
  ['change', exactly(MESSAGES.stockChangeInvalid)],
  ['change', madeBy(MESSAGES.stockWouldBeNegative)],
  ['subject', exactly(MESSAGES.subjectRequired)],
  ['message', exactly(MESSAGES.messageRequired)],
  ['expiresAt', exactly(MESSAGES.tokenExpiryInvalid, MESSAGES.tokenExpiryPast)],
  // The customer form (0035): each field's own messages, and an email another customer has.
  ...CUSTOMER_FIELD_KEYS.map((key): readonly [string, Matcher] => [key, exactly(...textFieldMessages(CUSTOMER_TEXT_FIELDS, key))]),
  ['email', madeByTwo(MESSAGES.customerEmailTaken)],
  // The store settings form (0038): each text field's own messages, then the numbers and the symbol.
  ...(['legalName', 'address', 'taxId', 'bankDetails', 'footerText'] as const).map((key): readonly [string, Matcher] => {
    const label = STORE_SETTINGS_LABELS[key];
    const lines = MULTILINE_SETTINGS_FIELDS.has(key) ? MESSAGES.controlCharactersInText(label) : MESSAGES.controlCharacters(label);
    return [key, exactly(MESSAGES.fieldTooLong(label, STORE_SETTINGS_LIMITS[key]), lines, MESSAGES.directionControls(label), MESSAGES.textRequired(label))];
  }),
  [
    'currencySymbol',
    exactly(
      MESSAGES.currencySymbolRequired,
      MESSAGES.currencySymbolTooLong,
      MESSAGES.controlCharacters(STORE_SETTINGS_LABELS.currencySymbol),
      MESSAGES.directionControls(STORE_SETTINGS_LABELS.currencySymbol),
    ),
  ],
  ['currencyDecimals', exactly(MESSAGES.currencyDecimalsInvalid, MESSAGES.currencyDecimalsThree)],
  ['paymentTermsDays', exactly(MESSAGES.paymentTermsInvalid)],
  ['pricesIncludeTax', exactly(MESSAGES.pricesIncludeTaxInvalid)],
  // A tax rate's form.
  ['name', exactly(MESSAGES.taxRateNameRequired, MESSAGES.fieldTooLong('Name', TAX_RATE_NAME_MAX))],
  ['percent', exactly(MESSAGES.taxRatePercentInvalid, MESSAGES.taxRatePercentDecimals)],
  // The order form's customer picker.
  ['customerId', exactly(MESSAGES.customerNotFound)],
  ['customerId', madeBy(MESSAGES.customerArchivedNoOrders)],
  // The supplier form (0037): each text field's own messages, the lead time, and a name another supplier has.
  ...SUPPLIER_TEXT_FIELD_KEYS.map((key): readonly [string, Matcher] => [key, exactly(...textFieldMessages(SUPPLIER_TEXT_FIELDS, key))]),
  ['leadTimeDays', exactly(MESSAGES.leadTimeInvalid)],
  ['name', madeBy(MESSAGES.supplierNameTaken)],
  // A product's supplier link.
  ['supplierId', exactly(MESSAGES.supplierNotFound, MESSAGES.supplierRequired)],
  ['supplierId', madeBy(MESSAGES.supplierArchivedNoLinks)],
  ['supplierId', madeBy(MESSAGES.productSupplierExists)],
  [
    'partNumber',
    exactly(
      MESSAGES.fieldTooLong(PRODUCT_SUPPLIER_LABELS.partNumber, SUPPLIER_LIMITS.partNumber),
      MESSAGES.controlCharacters(PRODUCT_SUPPLIER_LABELS.partNumber),
      MESSAGES.directionControls(PRODUCT_SUPPLIER_LABELS.partNumber),
    ),
  ],
  ['packSize', exactly(MESSAGES.packSizeInvalid)],
  ['lastCost', exactly(MESSAGES.lastCostInvalid, MESSAGES.lastCostTooHigh)],
];

/** The field a message concerns, or null when it concerns the whole form (a bad sign-in, a lost connection). */
export function fieldOfMessage(message: string): string | null {
  return FIELD_MESSAGES.find(([, matches]) => matches(message))?.[0] ?? null;
}
