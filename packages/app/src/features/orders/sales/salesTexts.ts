/** What the screens of orders of several lines say that the contract's messages do not (issue 27). */
export const SALES_TEXT = {
  shipmentRecorded: 'Shipment recorded',
  returnRecorded: 'Return recorded',
  nothingToShip: 'Give at least one line a quantity to ship',
  nothingToReturn: 'Give at least one line a quantity to return',
  moreThanOutstanding: (outstanding: number) => `At most ${outstanding} left to ship`,
  moreThanReturnable: (returnable: number) => `At most ${returnable} shipped and not returned`,
  scannedAdded: (name: string) => `${name} added`,
  scannedMore: (name: string, quantity: number) => `${name}: now ${quantity}`,
} as const;
