/**
 * The camera side of scanning, behind one small interface so stories and tests can put a fake in its place
 * (ScannerProvider). The browser's BarcodeDetector reads the codes where it knows Code 128 or QR (Chrome on Android,
 * Safari on iOS 17+); elsewhere @zxing/browser does, loaded only when a scan starts so the dashboard stays small.
 */
export interface Scanner {
  /**
   * Shows the camera in `video` and calls `onCode` with each code read (the same code may come again). Resolves to
   * a stop function that stops reading and the camera (its tracks); rejects with a CameraError.
   */
  start(video: HTMLVideoElement, onCode: (code: string) => void): Promise<() => void>;
}

export type CameraFailure = 'denied' | 'no-camera' | 'failed';

export class CameraError extends Error {
  constructor(
    readonly reason: CameraFailure,
    options?: { cause?: unknown },
  ) {
    super(`camera ${reason}`, options);
    this.name = 'CameraError';
  }
}

/** Whether the browser offers a camera API at all (it does on phones, tablets and desktops, in a secure context). */
export function hasCameraApi(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** getUserMedia's failures by their DOMException names. */
function failureOf(error: unknown): CameraFailure {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'no-camera';
  return 'failed';
}

/** Our labels' Code 128 and QR, and the GS1 codes on products' boxes and on labels that print them. */
const WANTED_FORMATS = ['code_128', 'qr_code', 'ean_13', 'ean_8', 'upc_a', 'itf'];
/** How often BarcodeDetector looks at the video. */
const DETECT_EVERY_MS = 150;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  const supported = await Detector.getSupportedFormats().catch(() => [] as string[]);
  const formats = WANTED_FORMATS.filter((format) => supported.includes(format));
  return formats.length > 0 ? new Detector({ formats }) : null;
}

function detectWith(
  detector: BarcodeDetectorLike,
  video: HTMLVideoElement,
  onCode: (code: string) => void,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const look = async () => {
    if (stopped) return;
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
      const codes = await detector.detect(video).catch(() => [] as DetectedBarcode[]);
      const code = codes.find((found) => found.rawValue)?.rawValue;
      if (code && !stopped) onCode(code);
    }
    if (!stopped) timer = setTimeout(() => void look(), DETECT_EVERY_MS);
  };
  void look();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

async function decodeWithZxing(stream: MediaStream, video: HTMLVideoElement, onCode: (code: string) => void) {
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([
    import('@zxing/browser'),
    import('@zxing/library'),
  ]);
  const hints = new Map([
    [
      DecodeHintType.POSSIBLE_FORMATS,
      [
        BarcodeFormat.CODE_128,
        BarcodeFormat.QR_CODE,
        BarcodeFormat.EAN_13,
        BarcodeFormat.EAN_8,
        BarcodeFormat.UPC_A,
        BarcodeFormat.ITF,
      ],
    ],
  ]);
  const reader = new BrowserMultiFormatReader(hints, { delayBetweenScanAttempts: DETECT_EVERY_MS });
  const controls = await reader.decodeFromStream(stream, video, (result) => {
    if (result) onCode(result.getText());
  });
  return () => controls.stop();
}

/** The real camera: the back camera when there is one. */
export const browserScanner: Scanner = {
  async start(video, onCode) {
    if (!hasCameraApi()) throw new CameraError('no-camera');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
    } catch (error) {
      throw new CameraError(failureOf(error), { cause: error });
    }
    const stopCamera = () => {
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    };
    try {
      const detector = await nativeDetector();
      let stopReading: () => void;
      if (detector) {
        video.srcObject = stream;
        await video.play();
        stopReading = detectWith(detector, video, onCode);
      } else {
        stopReading = await decodeWithZxing(stream, video, onCode);
      }
      return () => {
        stopReading();
        stopCamera();
      };
    } catch (error) {
      stopCamera();
      throw new CameraError('failed', { cause: error });
    }
  },
};
