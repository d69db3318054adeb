import type { CameraFailure } from './scanner';

/** What the scan dialog says in each state. */
export const SCAN_TEXT = {
  title: 'Scan a barcode',
  starting: 'Starting the camera…',
  scanning: "Point the camera at a label's barcode or QR code.",
  looking: (code: string) => `Looking for ${code}…`,
  /** A scan counted while the camera stays open. */
  counted: (name: string) => `${name} counted. Scan the next item, or close the camera.`,
  /** A code names a product by its SKU, barcode or part number (docs/decisions/0030). */
  notFound: (code: string) => `No product with the code ${code} in this store.`,
  typeInstead: 'Type the code instead.',
  wedgeAnywhere:
    'A USB or Bluetooth scanner works anywhere on the page, without this dialog: scan a label and its product opens.',
  failure: {
    denied: 'Camera access was denied. Allow the camera for this site in the browser, then try again.',
    'no-camera': 'No camera was found on this device.',
    failed: 'The camera could not be started. Close other apps using it, then try again.',
  } satisfies Record<CameraFailure, string>,
} as const;
