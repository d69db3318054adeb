/** What the purchase order screens say that the contract's messages do not (issue 28). */
export const PURCHASE_TEXT = {
  saved: (reference: string) => `${reference} saved as a draft`,
  updated: (reference: string) => `${reference} updated`,
  sent: (reference: string) => `${reference} is ordered`,
  cancelled: (reference: string) => `${reference} is cancelled`,
  received: (units: number) => (units === 1 ? '1 item received' : `${units.toLocaleString('en-US')} items received`),
  receivedInFull: (reference: string) => `${reference} is received in full`,
  nothingCounted: 'Count at least one item before submitting',
  moreThanOutstanding: (outstanding: number) =>
    outstanding === 0 ? 'Nothing is outstanding on this line' : `Only ${outstanding} outstanding`,
  scannedCounted: (name: string, count: number) => `${name}: ${count}`,
  /** In the camera's dialog, which stays open while counting. */
  scannedCountedOf: (name: string, count: number, outstanding: number) => `${name}: ${count} counted of ${outstanding} outstanding. Scan the next item, or close the camera.`,
  notOnOrder: (name: string) => `${name} is not on this purchase order`,
  scannedAdded: (name: string) => `${name} added`,
  scannedMore: (name: string, quantity: number) => `${name}: now ${quantity}`,
} as const;
