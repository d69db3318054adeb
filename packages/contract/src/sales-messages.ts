/**
 * The texts of selling (docs/decisions/0039-order-lines-fulfilment-and-cost-rules.md): orders of several lines, the
 * stock they take, shipments and returns. Kept apart from messages.ts so the selling and buying work merges without
 * touching the shared list; the screens, the server, the mocks and the tests read them from here.
 */

/** "3", "1,234": counts as people read them. */
const count = (value: number) => value.toLocaleString('en-US');

/** "2 and 4", "1, 2 and 4". */
function listed(numbers: readonly number[]): string {
  if (numbers.length <= 1) return numbers.map(count).join('');
  return `${numbers.slice(0, -1).map(count).join(', ')} and ${count(numbers[numbers.length - 1]!)}`;
}

/**
 * How a message names one or more lines of a document: "Line 2 (USB-C dock)", "Lines 2 and 4 (USB-C cable)" when one
 * product is on several lines. Line numbers count from 1, in the document's order.
 */
export function lineLabel(lines: readonly number[], name: string): string {
  const label = `${lines.length > 1 ? 'Lines' : 'Line'} ${listed(lines)}`;
  return name.trim() === '' ? label : `${label} (${name.trim()})`;
}

export const SALES_MESSAGES = {
  /** A form's field message as the API answers it for one line: "Line 3: Quantity must be …". */
  onLine: (line: number, message: string) => `Line ${count(line)}: ${message}`,

  // The lines of an order.
  linesInvalid: 'Lines must be a list of order lines',
  linesRequired: 'Add at least one line',
  tooManyLines: (max: number) => `An order can have at most ${count(max)} lines: split it into several orders`,
  lineInvalid: 'Each line must give a product or a description, a quantity and a unit price',
  lineProductInvalid: 'Product must be a product of this store, or none for a line of free text',
  lineDescriptionRequired: 'Choose a product or describe the line',
  lineQuantityInvalid: 'Quantity must be a whole number of 1 or more',
  lineQuantityRequired: 'Please enter a quantity',
  lineUnitPriceRequired: 'Please enter a unit price',
  lineUnitPriceInvalid: 'Unit price must be a number of 0 or more',
  lineUnitPriceThousandsSeparator: 'Unit price: use digits and a decimal point, without thousands separators',
  lineUnitPriceDecimals: 'Unit price can have at most 2 decimals',
  lineUnitPriceTooHigh: 'Unit price must be at most 10,000,000',
  discountInvalid: 'Discount must be a percent from 0 to 100',
  discountDecimals: 'Discount can have at most 2 decimals',
  lineTaxRateUnknown: "Tax rate must be one of the store's tax rates, or none",
  orderTotalTooHigh: 'The order is too large: its lines add up to more than 10,000,000,000,000',

  // Stock an order takes (409).
  notEnoughStock: (problems: readonly string[]) => `Not enough stock. ${problems.join(' ')}`,
  lineShort: (label: string, wanted: number, available: number, more: boolean) =>
    `${label}: ${count(wanted)}${more ? ' more' : ''} ordered, ${available <= 0 ? 'none' : `only ${count(available)}`} available.`,

  // Requests of quantities per line: shipments, returns (and receipts, purchase-messages.ts).
  requestLinesInvalid: 'Lines must be a list of lines of this order, each with a quantity',
  requestLineUnknown: 'A line of this request is not a line of this order',
  requestQuantityInvalid: 'Each quantity must be a whole number of 0 or more',
  requestNothing: 'Nothing to do: give at least one line a quantity',
  requestTooManyLines: (max: number) => `Send at most ${count(max)} lines at once`,

  // Shipments.
  shipmentExceeds: (label: string, requested: number, outstanding: number) =>
    outstanding <= 0
      ? `${label}: nothing is left to ship (${count(requested)} sent).`
      : `${label}: only ${count(outstanding)} left to ship, not ${count(requested)}.`,
  orderNotShippable: (status: string) => `A ${status} order has nothing to ship.`,
  shippedLineRemoved: (label: string, shipped: number) =>
    `${label}: ${count(shipped)} shipped, so the line cannot be removed.`,
  shippedLineProductChanged: (label: string) => `${label}: some has shipped, so its product cannot change.`,
  shippedLineBelowShipped: (label: string, shipped: number) =>
    `${label}: ${count(shipped)} shipped, so its quantity cannot go below ${count(shipped)}.`,
  orderNotEditable: (status: string) => `A ${status} order cannot be changed.`,
  orderNotCancellable: (status: string) => `A ${status} order cannot be cancelled.`,

  orderNotDeletable: (status: string) => `A ${status} order cannot be deleted: something of it has shipped.`,
  orderHasLines: (name: string) =>
    `This order has lines: its ${name} follows from them. Change its lines instead.`,
  orderTotalTooHighForList: 'An order can come to at most 10,000,000 in all: split it into several orders',

  // Shipment details.
  shipmentNotFound: 'Shipment not found',
  shipmentDateInvalid: 'Date must be a day as YYYY-MM-DD',
  shipmentTextTooLong: (field: string, max: number) => `${field} can be at most ${count(max)} characters on one line`,

  // Returns.
  returnReasonInvalid: (reasons: readonly string[]) => `Reason must be one of: ${reasons.join(', ')}`,
  returnRestockInvalid: 'Back to stock must be true or false',
  returnExceeds: (label: string, requested: number, returnable: number) =>
    returnable <= 0
      ? `${label}: nothing shipped on this order is left to return (${count(requested)} sent).`
      : `${label}: only ${count(returnable)} shipped and not yet returned, not ${count(requested)}.`,
} as const;
