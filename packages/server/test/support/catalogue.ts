import { IMPORT_FIELDS, type ImportField, type Order, type Product } from '@inventory/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { cookieHeader } from './app';

export interface FilePart {
  field?: string;
  fileName: string;
  type?: string;
  bytes: Buffer;
}

/** A multipart/form-data body (bytes and content type) built by the platform's own FormData. */
export async function multipart(fields: Record<string, string>, file?: FilePart | FilePart[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const part of file === undefined ? [] : Array.isArray(file) ? file : [file]) {
    form.append(
      part.field ?? 'image',
      new Blob([new Uint8Array(part.bytes)], { type: part.type ?? 'application/octet-stream' }),
      part.fileName,
    );
  }
  const response = new Response(form);
  const contentType = response.headers.get('content-type');
  if (!contentType) throw new Error('no multipart content type');
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': contentType } };
}

/** Send a multipart request as the holder of `token`. */
export async function sendForm(
  app: FastifyInstance,
  method: 'POST' | 'PATCH',
  url: string,
  token: string | undefined,
  fields: Record<string, string>,
  file?: FilePart | FilePart[],
  headers: Record<string, string> = {},
) {
  const body = await multipart(fields, file);
  const options: InjectOptions = {
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...cookieHeader(token), ...headers },
  };
  return app.inject(options);
}

export const PRODUCT_FIELDS = {
  name: 'ThinkPad X1',
  category: 'Laptops',
  price: '1299.99',
  quantity: '4',
  description: '<p>Fast</p>',
};

/** Real images made at test time. */
export const pngImage = (width = 20, height = 10) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

/** A JPEG carrying EXIF (an orientation and a copyright string the server must strip). */
export const jpegWithExif = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Copyright: 'SECRET-EXIF-MARKER' } })
    .jpeg()
    .toBuffer();

export const gifImage = () =>
  sharp({ create: { width: 5, height: 5, channels: 3, background: '#00ff00' } })
    .gif()
    .toBuffer();
export const webpImage = () =>
  sharp({ create: { width: 5, height: 5, channels: 3, background: '#00ff00' } })
    .webp()
    .toBuffer();

/**
 * A tiny PNG whose header claims `width` x `height` (IHDR rewritten, CRC fixed): refused from its metadata alone,
 * without decoding a decompression bomb.
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngImage(1, 1));
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The generated name of an upload URL, `<PUBLIC_URL>/uploads/<name>` or `/uploads/<name>`. */
export const uploadName = (url: string) => url.replace(/^(https?:\/\/[^/]+)?\/uploads\//, '');

export const ORDER_FIELDS = { name: 'Dock', category: 'Accessories', price: 10, quantity: 1 };

/** One product (PRODUCT_FIELDS) and one order (ORDER_FIELDS) of the signed-in user. */
export async function seedProductAndOrder(
  app: FastifyInstance,
  token: string | undefined,
): Promise<{ product: Product; order: Order }> {
  const product = (await sendForm(app, 'POST', '/api/products', token, PRODUCT_FIELDS)).json<Product>();
  const order = (
    await app.inject({ method: 'POST', url: '/api/orders', headers: cookieHeader(token), payload: ORDER_FIELDS })
  ).json<Order>();
  return { product, order };
}

/** How many rows a table holds: suites use it to prove a refused request wrote nothing. */
export async function rowCount(
  app: FastifyInstance,
  table: 'users' | 'products' | 'orders' | 'contact_messages' | 'uploads',
): Promise<number> {
  const row = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A catalogue CSV from rows by our import field (contract IMPORT_FIELDS): the header is the fields' labels, in the
 * export's order, limited to `fields`; a cell left out is blank. Cells are written as given (quote them yourself), so
 * tests say exactly which bytes they send; a field added to the catalogue needs no change here.
 */
export function catalogueCsv(
  rows: Partial<Record<ImportField, string>>[],
  fields: readonly ImportField[] = ['sku', 'name', 'category', 'price', 'quantity', 'reorderPoint', 'description'],
  lineEnd = '\n',
): string {
  const declared = IMPORT_FIELDS.filter((field) => fields.includes(field.key));
  return [declared.map((field) => field.label), ...rows.map((row) => declared.map((field) => row[field.key] ?? ''))]
    .map((cells) => cells.join(','))
    .join(lineEnd)
    .concat(lineEnd);
}
