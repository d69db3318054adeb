/** The invoice screens' own texts (the server's messages are the contract's BILLING_MESSAGES). */
export const INVOICE_TEXT = {
  created: 'Draft invoice saved',
  updated: 'Draft invoice updated',
  deleted: 'Draft invoice deleted',
  issued: (number: string | null) => `Invoice ${number ?? ''} issued`.replace('  ', ' '),
  credited: (number: string) => `Credit note ${number} issued`,
  paid: 'Payment recorded',
  mailed: 'The invoice will be mailed to the customer',
  customerRequired: 'Choose the customer to invoice',
  creditNothing: 'Choose at least one line to credit',
  creditTooMuch: (left: number) => (left === 0 ? 'Already fully credited' : `At most ${left} can still be credited`),
} as const;

export const PAYMENT_METHOD_LABELS = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  other: 'Other',
} as const;

/** The list's filter and the badges: a draft, a payment status, or credited (a credit note corrected it). */
export const INVOICE_STATUS_LABELS = {
  draft: 'Draft',
  unpaid: 'Unpaid',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  overdue: 'Overdue',
  credited: 'Credited',
} as const;
