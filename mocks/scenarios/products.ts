import { CATALOGUE_FIELDS, IMAGE_MAX_BYTES, LIMITS, MESSAGES, isValidSku, type Product } from '@inventory/contract';
import { expect } from 'vitest';
import type { ScenarioClient, ScenarioResponse } from './client';
import {
  JPEG_SIGNATURE,
  PNG_SIGNATURE,
  UNKNOWN_UUID,
  etagOf,
  fakePng,
  formOf,
  isoDate,
  listed,
  withoutAudit,
  startsWithBytes,
  tinyJpeg,
  tinyPng,
  uploadUrl,
  type FilePart,
} from './support';
import type { Scenario } from './types';
import { expectMessage, register } from './users';

const PRODUCTS = '/api/products';

type Fields = Record<string, string | number | undefined>;

const laptop: Fields = { name: 'ThinkPad T14', category: 'Laptops', price: '1299.99', quantity: '5' };

/** A product's catalogue fields (contract CATALOGUE_FIELDS) as matchers: a new field needs no change here. */
const catalogueShape = () =>
  Object.fromEntries(
    CATALOGUE_FIELDS.map((field) => [
      field.key,
      field.kind === 'money' || field.kind === 'count'
        ? expect.any(Number)
        : field.kind === 'optionalCount'
          ? null
          : field.kind === 'optionalMoney'
            ? expect.toBeOneOf([null, expect.any(Number)])
          : field.kind === 'barcode' || field.kind === 'optionalText'
            ? expect.toBeOneOf([null, expect.any(String)])
            : expect.any(String),
    ]),
  );

function expectProduct(body: unknown, expected: Partial<Product> = {}): Product {
  expect(withoutAudit(body)).toEqual({
    _id: expect.any(String),
    ...catalogueShape(),
    image: expect.any(Object),
    createdAt: isoDate,
    updatedAt: isoDate,
    ...expected,
  });
  return body as Product;
}

async function createProduct(
  client: ScenarioClient,
  fields: Fields = laptop,
  image?: FilePart,
): Promise<{ product: Product; response: ScenarioResponse }> {
  const response = await client.postForm(PRODUCTS, formOf(fields, image ? { image } : {}));
  expect({ status: response.status, body: response.body }).toEqual({ status: 201, body: expect.any(Object) });
  return { product: expectProduct(response.body), response };
}

async function listProducts(client: ScenarioClient): Promise<Product[]> {
  const response = await client.get<Product[]>(PRODUCTS);
  expect(response.status).toBe(200);
  expect(Array.isArray(response.body)).toBe(true);
  return response.body;
}

/** GET of an uploaded file: `{status, type}`, and the bytes. */
async function fetchUpload(client: ScenarioClient, filePath: string) {
  const response = await client.get(filePath, { headers: { accept: 'image/*' } });
  return { status: response.status, type: response.headers.get('content-type'), bytes: response.bytes };
}

export const productScenarios: Scenario[] = [
  {
    name: 'products: every route answers 401 when signed out',
    async run(client) {
      const id = UNKNOWN_UUID;
      expectMessage(await client.get(PRODUCTS), 401, MESSAGES.notAuthorized);
      expectMessage(await client.get(`${PRODUCTS}/${id}`), 401, MESSAGES.notAuthorized);
      expectMessage(await client.postForm(PRODUCTS, formOf(laptop)), 401, MESSAGES.notAuthorized);
      expectMessage(await client.patchForm(`${PRODUCTS}/${id}`, formOf(laptop)), 401, MESSAGES.notAuthorized);
      expectMessage(await client.delete(`${PRODUCTS}/${id}`), 401, MESSAGES.notAuthorized);
    },
  },
  {
    name: 'products: create answers 201 with the product; the list holds the own ones, newest first; get one',
    async run(client) {
      await register(client, 'paula');
      expect(await listProducts(client)).toEqual([]);

      const { product: first } = await createProduct(client, { ...laptop, description: '<p>Business laptop</p>' });
      expectProduct(first, {
        name: 'ThinkPad T14',
        category: 'Laptops',
        price: 1299.99,
        quantity: 5,
        description: '<p>Business laptop</p>',
        image: {},
      });
      const { product: second } = await createProduct(client, {
        name: '  Dell P2422H  ',
        category: ' Monitors ',
        price: 189,
        quantity: 0,
      });
      expectProduct(second, { name: 'Dell P2422H', category: 'Monitors', price: 189, quantity: 0, description: '' });
      const { product: third } = await createProduct(client, { ...laptop, name: 'Cat6 Cable', category: 'Networking' });

      const list = await listProducts(client);
      expect(list.map((p) => p._id)).toEqual([third._id, second._id, first._id]);
      expect(list[2]).toEqual(listed(first));

      const one = await client.get(`${PRODUCTS}/${second._id}`);
      expect({ status: one.status, body: one.body }).toEqual({ status: 200, body: second });
    },
  },
  {
    name: 'products: the server makes the SKU when absent, keeps any free-text SKU, and refuses one the store has in any case with 409',
    async run(client) {
      await register(client, 'quinn');
      const { product: made } = await createProduct(client, laptop);
      expect(made.sku).toMatch(/^LAP-\d+$/);
      expect(isValidSku(made.sku, 'Laptops')).toBe(true);
      const { product: blank } = await createProduct(client, { ...laptop, category: 'Storage', sku: '' });
      expect(blank.sku).toMatch(/^STO-\d+$/);

      const { product: kept } = await createProduct(client, { ...laptop, sku: 'LAP-1700000000000' });
      expect(kept.sku).toBe('LAP-1700000000000');
      // Free text: a supplier's part number, an EAN, the shop's own code; trimmed, kept in its case.
      const free = ['XYZ-1700000000000', 'LAP-', '20R1-000GUS', 'ab-1', '4006381333931', 'Ünïcode SKU #7', 's'.repeat(LIMITS.sku)];
      for (const sku of free) {
        const { product } = await createProduct(client, { ...laptop, sku: ` ${sku} ` });
        expect(product.sku).toBe(sku);
      }

      // Unique in the store whatever its (ASCII) case: 409 naming the product that has it, nothing saved.
      for (const [sku, holder] of [['AB-1', 'ab-1'], ['lap-1700000000000', 'LAP-1700000000000'], ['xyz-1700000000000', 'XYZ-1700000000000']] as const) {
        const response = await client.postForm(PRODUCTS, formOf({ ...laptop, name: 'Second', sku }));
        expect({ sku, status: response.status, body: response.body }).toEqual({
          sku,
          status: 409,
          body: { message: MESSAGES.skuTaken(holder, String(laptop.name)) },
        });
      }
      expect(await listProducts(client)).toHaveLength(3 + free.length);

      for (const [sku, message] of [
        ['s'.repeat(LIMITS.sku + 1), MESSAGES.fieldTooLong('SKU', LIMITS.sku)],
        ['AB\t1', MESSAGES.controlCharacters('SKU')],
        ['AB\u202E1', MESSAGES.directionControls('SKU')],
      ] as const) {
        const response = await client.postForm(PRODUCTS, formOf({ ...laptop, sku }));
        expect({ sku, status: response.status, body: response.body }).toEqual({ sku, status: 400, body: { message } });
      }
      expect(await listProducts(client)).toHaveLength(3 + free.length);
    },
  },
  {
    name: 'products: barcode and MPN are optional (null when absent), checked, the barcode unique in the store; an edit without them keeps them',
    async run(client) {
      await register(client, 'bart');
      // A client of the original contract sends neither: both are null.
      const { product: plain } = await createProduct(client, laptop);
      expect([plain.barcode, plain.mpn]).toEqual([null, null]);
      const { product: coded } = await createProduct(client, { ...laptop, name: 'USB-C Dock', barcode: ' 4006381333931 ', mpn: ' 40AY0090EU ' });
      expect([coded.barcode, coded.mpn]).toEqual(['4006381333931', '40AY0090EU']);
      expect((await client.get(`${PRODUCTS}/${coded._id}`)).body).toMatchObject({ barcode: '4006381333931', mpn: '40AY0090EU' });
      expect((await listProducts(client)).find((p) => p._id === coded._id)).toMatchObject({ barcode: '4006381333931', mpn: '40AY0090EU' });
      for (const barcode of ['96385074', '036000291452', '10012345678902']) {
        const { product } = await createProduct(client, { ...laptop, barcode });
        expect(product.barcode).toBe(barcode);
      }

      for (const [fields, status, message] of [
        [{ barcode: '4006381333932' }, 400, MESSAGES.barcodeCheckDigit(1)],
        [{ barcode: '123456789' }, 400, MESSAGES.barcodeLength(9)],
        [{ barcode: '4006-381333931' }, 400, MESSAGES.barcodeDigits],
        [{ mpn: 'm'.repeat(LIMITS.mpn + 1) }, 400, MESSAGES.fieldTooLong('MPN', LIMITS.mpn)],
        [{ barcode: '4006381333931' }, 409, MESSAGES.barcodeTaken('4006381333931', 'USB-C Dock')],
      ] as const) {
        const response = await client.postForm(PRODUCTS, formOf({ ...laptop, ...fields }));
        expect({ fields, status: response.status, body: response.body }).toEqual({ fields, status, body: { message } });
      }
      expect(await listProducts(client)).toHaveLength(5);

      // An edit without them keeps them; blank clears them; another product's barcode is a 409; its own is no clash.
      const url = `${PRODUCTS}/${coded._id}`;
      const kept = await client.patchForm(url, formOf({ ...laptop, name: 'USB-C Dock' }));
      expect(kept.body).toMatchObject({ barcode: '4006381333931', mpn: '40AY0090EU' });
      const same = await client.patchForm(url, formOf({ ...laptop, name: 'USB-C Dock', barcode: '4006381333931' }));
      expect(same.status).toBe(200);
      const clash = await client.patchForm(`${PRODUCTS}/${plain._id}`, formOf({ ...laptop, barcode: '4006381333931' }));
      expect({ status: clash.status, body: clash.body }).toEqual({ status: 409, body: { message: MESSAGES.barcodeTaken('4006381333931', 'USB-C Dock') } });
      expect((await client.get(`${PRODUCTS}/${plain._id}`)).body).toMatchObject({ barcode: null });
      const cleared = await client.patchForm(url, formOf({ ...laptop, name: 'USB-C Dock', barcode: '', mpn: ' ' }));
      expect(cleared.body).toMatchObject({ barcode: null, mpn: null });
      // Freed, the barcode can be another product's.
      const moved = await client.patchForm(`${PRODUCTS}/${plain._id}`, formOf({ ...laptop, barcode: '4006381333931' }));
      expect(moved.body).toMatchObject({ barcode: '4006381333931' });
    },
  },
  {
    name: 'products: create and update validate with the form messages, and save nothing on a 400',
    async run(client) {
      await register(client, 'rita');
      const cases: Array<[Fields, string]> = [
        [{ ...laptop, name: undefined }, MESSAGES.nameRequired],
        [{ ...laptop, name: '   ' }, MESSAGES.nameRequired],
        [{ ...laptop, name: 'x'.repeat(LIMITS.name + 1) }, MESSAGES.fieldTooLong('Name', LIMITS.name)],
        [{ ...laptop, category: undefined }, MESSAGES.categoryRequired],
        [{ ...laptop, category: '' }, MESSAGES.categoryRequired],
        [{ ...laptop, category: 'c'.repeat(LIMITS.category + 1) }, MESSAGES.fieldTooLong('Category', LIMITS.category)],
        [{ ...laptop, price: undefined }, MESSAGES.allFieldsRequired],
        [{ ...laptop, price: '' }, MESSAGES.priceRequired],
        [{ ...laptop, price: 'cheap' }, MESSAGES.priceInvalid],
        [{ ...laptop, price: '-1' }, MESSAGES.priceInvalid],
        [{ ...laptop, price: '1.999' }, MESSAGES.priceDecimals],
        [{ ...laptop, price: '10000000.01' }, MESSAGES.priceTooHigh],
        [{ ...laptop, quantity: undefined }, MESSAGES.allFieldsRequired],
        [{ ...laptop, quantity: ' ' }, MESSAGES.quantityRequired],
        [{ ...laptop, quantity: '1.5' }, MESSAGES.quantityInvalid],
        [{ ...laptop, quantity: '-3' }, MESSAGES.quantityInvalid],
        [{ ...laptop, quantity: '1000001' }, MESSAGES.quantityTooHigh],
        [{ ...laptop, colour: 'black' }, 'Unexpected field: colour'],
      ];
      for (const [fields, message] of cases) {
        const response = await client.postForm(PRODUCTS, formOf(fields));
        expect({ fields, status: response.status, body: response.body }).toEqual({
          fields,
          status: 400,
          body: { message },
        });
      }
      expect(await listProducts(client)).toEqual([]);

      const { product } = await createProduct(client);
      const url = `${PRODUCTS}/${product._id}`;
      for (const [fields, message] of cases) {
        const response = await client.patchForm(url, formOf(fields));
        expect({ fields, status: response.status, body: response.body }).toEqual({
          fields,
          status: 400,
          body: { message },
        });
      }
      expect((await client.get(url)).body).toEqual(product);
      // The SKU never changes: sent back on an update, it is ignored.
      const withSku = await client.patchForm(url, formOf({ ...laptop, sku: 'LAP-1700000000000' }));
      expect(withSku.status).toBe(200);
      expect((withSku.body as Product).sku).toBe(product.sku);
    },
  },
  {
    name: 'products: a body that is not multipart answers 415',
    async run(client) {
      await register(client, 'sam');
      const created = await client.post(PRODUCTS, laptop);
      expect(created.status).toBe(415);
      expect(created.body).toEqual({ message: expect.any(String) });
      const { product } = await createProduct(client);
      const updated = await client.patch(`${PRODUCTS}/${product._id}`, laptop);
      expect(updated.status).toBe(415);
      expect((await client.get(`${PRODUCTS}/${product._id}`)).body).toEqual(product);
      expect(await listProducts(client)).toHaveLength(1);
    },
  },
  {
    name: 'products: update changes the fields and keeps the SKU; delete answers 200 and the product is gone',
    async run(client) {
      await register(client, 'tara');
      const { product } = await createProduct(client, { ...laptop, description: '<p>Old</p>' });
      const url = `${PRODUCTS}/${product._id}`;
      // The quantity as it was: a product whose stock moved would be archived by the delete (archive scenarios).
      const changes = { name: 'ThinkPad T14 Gen 5', category: 'Notebooks', price: '1199.5', quantity: '5' };
      const updated = await client.patchForm(url, formOf({ ...changes, description: '<p>New</p>' }));
      expect(updated.status).toBe(200);
      const after = expectProduct(updated.body, {
        _id: product._id,
        name: 'ThinkPad T14 Gen 5',
        category: 'Notebooks',
        price: 1199.5,
        quantity: 5,
        description: '<p>New</p>',
        sku: product.sku,
        image: {},
        createdAt: product.createdAt,
      });
      expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(product.updatedAt));
      expect((await client.get(url)).body).toEqual(after);

      expectMessage(await client.delete(url), 200, MESSAGES.productDeleted);
      expectMessage(await client.get(url), 404, MESSAGES.productNotFound);
      expectMessage(await client.delete(url), 404, MESSAGES.productNotFound);
      expectMessage(await client.patchForm(url, formOf(changes)), 404, MESSAGES.productNotFound);
      expect(await listProducts(client)).toEqual([]);
    },
  },
  {
    name: 'products: an edit may send back what the product answered (ids, SKU, timestamps, __v, the image as text): ignored',
    async run(client) {
      await register(client, 'tariq');
      const { product } = await createProduct(client, { ...laptop, description: '<p>Old</p>' }, tinyPng());
      const url = `${PRODUCTS}/${product._id}`;
      // What a client that posts back the product it fetched sends: every field, the image object as text.
      const echoed = {
        ...laptop,
        _id: UNKNOWN_UUID,
        sku: 'HACK-1',
        createdAt: '2000-01-01T00:00:00.000Z',
        updatedAt: '2000-01-01T00:00:00.000Z',
        __v: 0,
        name: 'ThinkPad T14 Gen 6',
      };
      for (const image of ['[object Object]', JSON.stringify(product.image)]) {
        const updated = await client.patchForm(url, formOf({ ...echoed, image }));
        expect(updated.status).toBe(200);
        expectProduct(updated.body, {
          _id: product._id,
          sku: product.sku,
          createdAt: product.createdAt,
          image: product.image,
          name: 'ThinkPad T14 Gen 6',
          description: '',
        });
      }
      // A file part named image still replaces the image.
      const replaced = await client.patchForm(url, formOf(echoed, { image: tinyJpeg() }));
      expect(replaced.status).toBe(200);
      expect((replaced.body as Product).image).toMatchObject({ fileType: 'image/jpeg', filePath: uploadUrl('jpg') });
      // Fields that are neither writable nor answered stay refused, and creation stays strict.
      for (const key of ['user', 'owner', 'userId', 'password', 'role']) {
        expectMessage(await client.patchForm(url, formOf({ ...laptop, [key]: 'x' })), 400, `Unexpected field: ${key}`);
      }
      expectMessage(await client.postForm(PRODUCTS, formOf({ ...laptop, _id: UNKNOWN_UUID })), 400, 'Unexpected field: _id');
    },
  },
  {
    name: "products: another user's, unknown and malformed ids answer 404, and lists never show another user's",
    async run(client) {
      await register(client, 'uma');
      const { product } = await createProduct(client);
      const url = `${PRODUCTS}/${product._id}`;

      const other = client.newSession();
      await register(other, 'victor');
      expect(await listProducts(other)).toEqual([]);
      expectMessage(await other.get(url), 404, MESSAGES.productNotFound);
      expectMessage(await other.patchForm(url, formOf({ ...laptop, name: 'Mine now' })), 404, MESSAGES.productNotFound);
      expectMessage(await other.delete(url), 404, MESSAGES.productNotFound);
      await createProduct(other, { ...laptop, name: "Victor's own" });
      expect((await listProducts(client)).map((p) => p._id)).toEqual([product._id]);
      expect((await client.get(url)).body).toEqual(product);

      for (const id of [UNKNOWN_UUID, 'not-a-uuid', '64b7f0c2a1d3e4f5a6b7c8d9', '1']) {
        expectMessage(await client.get(`${PRODUCTS}/${id}`), 404, MESSAGES.productNotFound);
        expectMessage(await client.delete(`${PRODUCTS}/${id}`), 404, MESSAGES.productNotFound);
      }
    },
  },
  {
    name: 'products: png and jpeg images are kept and served to their owner only, with their type',
    async run(client) {
      await register(client, 'wendy');
      const { product } = await createProduct(client, laptop, tinyPng('laptop.png'));
      expect(product.image).toEqual({
        fileName: expect.any(String),
        filePath: uploadUrl('png'),
        fileType: 'image/png',
        fileSize: expect.any(Number),
      });
      if (!('filePath' in product.image)) throw new Error('no image');
      expect(product.image.fileSize).toBeGreaterThan(0);
      const png = await fetchUpload(client, product.image.filePath);
      expect({ status: png.status, type: png.type }).toEqual({ status: 200, type: 'image/png' });
      expect(startsWithBytes(png.bytes, PNG_SIGNATURE)).toBe(true);

      // Decided by the bytes: a JPEG named .png is a JPEG.
      const { product: photo } = await createProduct(client, { ...laptop, name: 'Webcam' }, tinyJpeg('webcam.png'));
      expect(photo.image).toEqual({
        fileName: expect.any(String),
        filePath: uploadUrl('jpg'),
        fileType: 'image/jpeg',
        fileSize: expect.any(Number),
      });
      if (!('filePath' in photo.image)) throw new Error('no image');
      const jpeg = await fetchUpload(client, photo.image.filePath);
      expect({ status: jpeg.status, type: jpeg.type }).toEqual({ status: 200, type: 'image/jpeg' });
      expect(startsWithBytes(jpeg.bytes, JPEG_SIGNATURE)).toBe(true);

      const other = client.newSession();
      expect((await fetchUpload(other, product.image.filePath)).status).not.toBe(200);
      await register(other, 'xavier');
      expect((await fetchUpload(other, product.image.filePath)).status).toBe(404);
      expect((await fetchUpload(other, photo.image.filePath)).status).toBe(404);
    },
  },
  {
    name: 'products: a file that is not png or jpeg answers 415, a too large one 413, and nothing is saved',
    async run(client) {
      await register(client, 'yara');
      expectMessage(
        await client.postForm(PRODUCTS, formOf(laptop, { image: fakePng('notes.png') })),
        415,
        MESSAGES.imageTypeNotAllowed,
      );
      const gif = { bytes: new TextEncoder().encode('GIF89a\x01\x00\x01\x00'), name: 'anim.gif', type: 'image/gif' };
      expectMessage(await client.postForm(PRODUCTS, formOf(laptop, { image: gif })), 415, MESSAGES.imageTypeNotAllowed);
      const huge = new Uint8Array(IMAGE_MAX_BYTES + 1024);
      huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expectMessage(
        await client.postForm(
          PRODUCTS,
          formOf(laptop, { image: { bytes: huge, name: 'huge.png', type: 'image/png' } }),
        ),
        413,
        MESSAGES.imageTooLarge,
      );
      expect(await listProducts(client)).toEqual([]);

      const { product } = await createProduct(client, laptop, tinyPng());
      const url = `${PRODUCTS}/${product._id}`;
      expectMessage(
        await client.patchForm(url, formOf({ ...laptop, name: 'Renamed' }, { image: fakePng() })),
        415,
        MESSAGES.imageTypeNotAllowed,
      );
      expect((await client.get(url)).body).toEqual(product);
      if (!('filePath' in product.image)) throw new Error('no image');
      expect((await fetchUpload(client, product.image.filePath)).status).toBe(200);
    },
  },
  {
    name: 'products: a new image replaces the old one, whose file goes; an update without one keeps it; delete removes it',
    async run(client) {
      await register(client, 'zoe');
      const { product } = await createProduct(client, laptop, tinyPng());
      if (!('filePath' in product.image)) throw new Error('no image');
      const url = `${PRODUCTS}/${product._id}`;

      const kept = await client.patchForm(url, formOf({ ...laptop, name: 'Same image' }));
      expect(kept.status).toBe(200);
      expect((kept.body as Product).image).toEqual(product.image);

      const replaced = await client.patchForm(url, formOf(laptop, { image: tinyJpeg() }));
      expect(replaced.status).toBe(200);
      const image = (replaced.body as Product).image;
      if (!('filePath' in image)) throw new Error('no image');
      expect(image.filePath).not.toBe(product.image.filePath);
      expect(image.fileType).toBe('image/jpeg');
      expect((await fetchUpload(client, image.filePath)).status).toBe(200);
      expect((await fetchUpload(client, product.image.filePath)).status).toBe(404);

      expectMessage(await client.delete(url), 200, MESSAGES.productDeleted);
      expect((await fetchUpload(client, image.filePath)).status).toBe(404);
    },
  },
  {
    name: 'products: descriptions are sanitized (no script, event handler or javascript: link; formatting kept)',
    async run(client) {
      await register(client, 'abel');
      const description =
        '<p><strong>Fast</strong> <em>SSD</em> <a href="https://example.com/ssd">specs</a></p>' +
        '<script>alert(1)</script>' +
        '<p onclick="alert(2)"><a href="javascript:alert(3)">click</a><img src="x" onerror="alert(4)"></p>';
      const { product } = await createProduct(client, { ...laptop, description });
      for (const html of [
        product.description,
        ((await client.get(`${PRODUCTS}/${product._id}`)).body as Product).description,
      ]) {
        expect(html).toContain('<strong>Fast</strong>');
        expect(html).toContain('<em>SSD</em>');
        expect(html).toContain('href="https://example.com/ssd"');
        expect(html.toLowerCase()).not.toContain('<script');
        expect(html.toLowerCase()).not.toContain('javascript:');
        expect(html.toLowerCase()).not.toContain('onclick');
        expect(html.toLowerCase()).not.toContain('onerror');
      }
      const updated = await client.patchForm(
        `${PRODUCTS}/${product._id}`,
        formOf({ ...laptop, description: '<p><strong>Kept</strong><script>alert(5)</script></p>' }),
      );
      expect(updated.status).toBe(200);
      const html = (updated.body as Product).description;
      expect(html).toContain('<strong>Kept</strong>');
      expect(html.toLowerCase()).not.toContain('<script');
    },
  },
  {
    name: 'products: single-item answers carry an ETag; a stale If-Match answers 409 and changes nothing',
    async run(client) {
      await register(client, 'bruno');
      const { product } = await createProduct(client);
      const url = `${PRODUCTS}/${product._id}`;
      const loaded = await client.get(url);
      expect(etagOf(loaded)).toBe('"1"');

      const first = await client.patchForm(url, formOf({ ...laptop, name: 'First edit' }), {
        headers: { 'if-match': '"1"' },
      });
      expect(first.status).toBe(200);
      expect(etagOf(first)).toBe('"2"');

      const stale = await client.patchForm(url, formOf({ ...laptop, name: 'Stale edit' }), {
        headers: { 'if-match': '"1"' },
      });
      expectMessage(stale, 409, MESSAGES.editConflict);
      const now = await client.get(url);
      expect((now.body as Product).name).toBe('First edit');
      expect(etagOf(now)).toBe('"2"');

      // Without If-Match, the last write wins.
      const blind = await client.patchForm(url, formOf({ ...laptop, name: 'Blind edit' }));
      expect(blind.status).toBe(200);
      expect((blind.body as Product).name).toBe('Blind edit');
      expect(etagOf(blind)).toBe('"3"');
    },
  },
];
