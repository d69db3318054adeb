/**
 * The texts of billing (docs/decisions/0043-invoices.md): invoices, credit notes, payments and their mail. Kept apart
 * from messages.ts, as selling's and buying's are, so the three merge without touching the shared list.
 */

const count = (value: number) => value.toLocaleString('en-US');

export const BILLING_MESSAGES = {
  invoiceNotFound: 'Invoice not found',
  invoiceDeleted: 'Invoice deleted',
  invoiceCustomerRequired: 'Choose the customer to invoice',
  invoiceCustomerInvalid: 'Customer must be a customer of this store',
  invoiceCustomerGone: 'This customer was deleted: choose another customer',
  invoiceCustomerArchived: (name: string) => `${name} is archived: restore them or choose another customer`,
  invoiceLinesRequired: 'Add at least one line before issuing the invoice',
  invoiceIssuedLocked: 'This invoice was issued and cannot change: correct it with a credit note',
  invoiceNotIssued: 'Issue the invoice first',
  invoiceAlreadyIssued: 'This invoice was already issued',
  invoiceNotesTooLong: (max: number) => `Notes can be at most ${count(max)} characters`,
  invoiceTotalTooHigh: 'The invoice comes to more than this app can add up: split it into several invoices',

  creditLinesRequired: 'Choose at least one line to credit, or credit the whole invoice',
  creditLineUnknown: (line: number) => `Line ${count(line)} is not a line of this invoice`,
  creditLineRepeated: (line: number) => `Line ${count(line)} is named twice: give its quantity once`,
  creditQuantityInvalid: 'Quantity to credit must be a whole number of 1 or more',
  creditTooMuch: (line: number, left: number) =>
    left === 0 ? `Line ${count(line)} is already fully credited` : `Line ${count(line)}: at most ${count(left)} can still be credited`,
  creditNothingLeft: 'Everything on this invoice is already credited',
  creditReasonTooLong: (max: number) => `Reason can be at most ${count(max)} characters`,

  paymentAmountInvalid: 'Amount must be more than 0, with at most 2 decimals',
  paymentTooMuch: (due: string) => `The payment is more than is due (${due})`,
  paymentNothingDue: 'Nothing is due on this invoice',
  paymentDateInvalid: 'Date must be a date such as 2026-03-31',
  paymentMethodInvalid: 'Method must be cash, card, bank transfer, cheque or other',
  paymentReferenceTooLong: (max: number) => `Reference can be at most ${count(max)} characters`,

  invoiceNoEmail: 'This customer has no email address: add one to mail the invoice',
  invoiceSent: 'The invoice will be mailed to the customer',

  orderInvoiceBasisInvalid: 'Basis must be all (everything ordered) or shipped (what has shipped)',
  orderFullyInvoiced: 'Everything on this order is already invoiced (drafts included)',
  orderNothingShippedToInvoice: 'Nothing shipped on this order is left to invoice (drafts included)',
  orderWithoutCustomer: 'This order has no customer: choose the customer to invoice',
  invoiceFromOrderLinesLocked: 'This draft bills an order: its lines follow the order. Delete it and invoice the order again to change them',

  numberingPrefixInvalid: 'Prefix must be 1 to 10 letters, digits or dashes',
  numberingSaved: 'Numbering saved: the next invoice and credit note take it',
} as const;
