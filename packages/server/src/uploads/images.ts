import { IMAGE_MAX_PIXELS, MESSAGES } from '@inventory/contract';
import sharp from 'sharp';
import { HttpError } from '../http/errors';

export type ImageType = 'image/jpeg' | 'image/png';

/** An image as stored: re-encoded bytes, its real type and extension, and the client's name as display text. */
export interface ProcessedImage {
  bytes: Buffer;
  type: ImageType;
  ext: 'jpg' | 'png';
  fileName: string;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** The type the bytes start with (never the name or the declared type), or null. */
function sniff(bytes: Buffer): 'jpeg' | 'png' | null {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

/** The client's file name kept only as display text: its last path segment, no control or path characters, 100 max. */
export function displayFileName(name: string | undefined, ext: string): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').trim().slice(0, 100).trim();
  return clean === '' || clean === '.' || clean === '..' ? `image.${ext}` : clean;
}

/**
 * Check and re-encode an uploaded image: jpeg or png by its bytes (anything else, svg, gif, webp, html, text or a
 * polyglot, is 415), readable (415), at most IMAGE_MAX_PIXELS (400); auto-rotated, metadata stripped,
 * jpeg → jpeg q85, png → png.
 */
export async function processImage(bytes: Buffer, clientName?: string): Promise<ProcessedImage> {
  const sniffed = sniff(bytes);
  if (!sniffed) throw new HttpError(415, MESSAGES.imageTypeNotAllowed);
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, MESSAGES.imageUnreadable);
  }
  if (metadata.format !== sniffed) throw new HttpError(415, MESSAGES.imageTypeNotAllowed);
  const { width, height } = metadata;
  if (!width || !height) throw new HttpError(415, MESSAGES.imageUnreadable);
  if (width * height > IMAGE_MAX_PIXELS) throw new HttpError(400, MESSAGES.imageTooManyPixels);

  let output: Buffer;
  try {
    const pipeline = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).rotate();
    output = await (sniffed === 'jpeg' ? pipeline.jpeg({ quality: 85 }) : pipeline.png()).toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new HttpError(400, MESSAGES.imageTooManyPixels);
    throw new HttpError(415, MESSAGES.imageUnreadable);
  }
  const ext = sniffed === 'jpeg' ? 'jpg' : 'png';
  return { bytes: output, type: sniffed === 'jpeg' ? 'image/jpeg' : 'image/png', ext, fileName: displayFileName(clientName, ext) };
}
