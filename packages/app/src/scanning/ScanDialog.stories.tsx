import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { Product } from '@inventory/contract';
import { demoProducts, withProducts } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SLOW } from '../stories/play';
import { fakeScanner, withScanner } from './fakeScanner';
import { ScanButton } from './ScanButton';
import { SCAN_TEXT } from './scanMessages';

const product = demoProducts[2]!;

/** The button and what it hands over, as a screen uses it. */
function ScanHarness() {
  const [scanned, setScanned] = useState<Product | null>(null);
  return (
    <div className="flex flex-col items-start gap-4 p-4">
      <ScanButton onProduct={setScanned} label="Scan a barcode" />
      <p>Scanned: {scanned ? `${scanned.name} (${scanned.sku})` : 'nothing yet'}</p>
    </div>
  );
}

const meta = {
  title: 'App/Scanning/Scan dialog',
  component: ScanHarness,
  beforeEach: withProducts(),
} satisfies Meta<typeof ScanHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openDialog(canvasElement: HTMLElement): Promise<HTMLElement> {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Scan a barcode' }));
  const dialog = await within(document.body).findByRole('dialog', { name: SCAN_TEXT.title }, SLOW);
  await expect(dialog).toBeVisible();
  return dialog;
}

const starting = fakeScanner({ neverStarts: true });
/** The camera is asked for (the browser's permission prompt is open). */
export const StartingCamera: Story = {
  decorators: [withScanner(starting.scanner)],
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(within(dialog).getByRole('status')).toHaveTextContent(SCAN_TEXT.starting);
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  },
};

const scanning = fakeScanner();
/** The camera is on and nothing has been read yet; Escape closes the dialog, stops the camera and returns focus. */
export const Scanning: Story = {
  decorators: [withScanner(scanning.scanner)],
  play: async ({ canvasElement }) => {
    const before = { ...scanning.calls };
    const dialog = await openDialog(canvasElement);
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(SCAN_TEXT.scanning), SLOW);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(scanning.calls.started - before.started).toBe(1);
    await expect(scanning.calls.stopped - before.stopped).toBe(1);
    await expect(within(canvasElement).getByRole('button', { name: 'Scan a barcode' })).toHaveFocus();
  },
};

const denied = fakeScanner({ failure: 'denied' });
export const CameraDenied: Story = {
  decorators: [withScanner(denied.scanner)],
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(SCAN_TEXT.failure.denied);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  },
};

const noCamera = fakeScanner({ failure: 'no-camera' });
export const NoCamera: Story = {
  decorators: [withScanner(noCamera.scanner)],
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(SCAN_TEXT.failure['no-camera']);
    // A wedge scanner needs no camera and no dialog (issue 26).
    await expect(within(dialog).getByText(SCAN_TEXT.wedgeAnywhere)).toBeVisible();
  },
};

/** No camera (issue 26): the code can be typed (or a USB scanner can type it) and is found as a scanned one would be. */
export const NoCameraTypeTheCode: Story = {
  decorators: [withScanner(noCamera.scanner)],
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    const code = await within(dialog).findByRole('textbox', { name: 'Code' }, SLOW);
    await expect(code).toHaveAccessibleDescription(SCAN_TEXT.typeInstead);
    await userEvent.type(code, 'NOPE-404{Enter}');
    await expect(await within(dialog).findByRole('alert', {}, SLOW)).toHaveTextContent(SCAN_TEXT.notFound('NOPE-404'));
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Code' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Code' }), product.sku);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Find' }));
    await expect(
      await within(canvasElement).findByText(`Scanned: ${product.name} (${product.sku})`, {}, SLOW),
    ).toBeVisible();
  },
};

const unknown = fakeScanner({ codes: ['NOPE-404', 'NOPE-404'] });
/** A code that is no SKU of this store: said so, and the camera keeps reading. */
export const SkuNotFound: Story = {
  decorators: [withScanner(unknown.scanner)],
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(await within(dialog).findByRole('alert', {}, SLOW)).toHaveTextContent(SCAN_TEXT.notFound('NOPE-404'));
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();
    await expect(within(canvasElement).getByText('Scanned: nothing yet')).toBeInTheDocument();
  },
};

const found = fakeScanner({ codes: ['NOPE-404', product.sku.toLowerCase()] });
/** After a miss, a SKU of the store (read in lower case): the dialog closes, stops the camera and hands the product over. */
export const Found: Story = {
  decorators: [withScanner(found.scanner)],
  play: async ({ canvasElement }) => {
    const before = { ...found.calls };
    await openDialog(canvasElement);
    await expect(
      await within(canvasElement).findByText(`Scanned: ${product.name} (${product.sku})`, {}, SLOW),
    ).toBeVisible();
    await expect(within(document.body).queryByRole('dialog')).toBeNull();
    await expect(found.calls.stopped - before.stopped).toBe(1);
  },
};

/** The browser's own camera API answers this way (the real scanner, with getUserMedia stood in for). */
function stubGetUserMedia(answer: () => Promise<MediaStream>) {
  return () => {
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', { value: answer, configurable: true });
    return () => {
      delete (navigator.mediaDevices as { getUserMedia?: unknown }).getUserMedia;
    };
  };
}

/** The real scanner: the user refused the camera (getUserMedia's NotAllowedError). */
export const BrowserCameraDenied: Story = {
  beforeEach: stubGetUserMedia(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))),
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(SCAN_TEXT.failure.denied);
  },
};

/** The real scanner on a device without a camera (getUserMedia's NotFoundError). */
export const BrowserNoCamera: Story = {
  beforeEach: stubGetUserMedia(() => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'))),
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(SCAN_TEXT.failure['no-camera']);
  },
};

const camera: { stream: MediaStream | null } = { stream: null };
/** The real scanner reading a (blank) camera picture; closing the dialog stops the camera's tracks. */
export const BrowserCameraStopsOnClose: Story = {
  beforeEach: stubGetUserMedia(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    canvas.getContext('2d')!.fillRect(0, 0, 320, 240);
    camera.stream = canvas.captureStream(5);
    return camera.stream;
  }),
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(SCAN_TEXT.scanning), SLOW);
    const [track] = camera.stream!.getVideoTracks();
    await expect(track!.readyState).toBe('live');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(track!.readyState).toBe('ended');
  },
};
