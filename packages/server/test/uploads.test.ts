import { MESSAGES } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, PUBLIC_URL, register, startApp } from './support/app';
import { gifImage, jpegWithExif, PRODUCT_FIELDS, pngImage, sendForm, uploadName } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';

describe.each(databases)('uploads API on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const upload = async (token: string | undefined, bytes: Buffer, field = 'file', fields: Record<string, string> = {}) =>
    sendForm(app, 'POST', '/api/uploads', token, fields, { field, fileName: 'me.png', bytes });
  const updatePhoto = (token: string | undefined, photo: string) =>
    app.inject({ method: 'PATCH', url: '/api/users/updateuser', headers: cookieHeader(token), payload: { photo } });
  const get = (token: string | undefined, url: string) => app.inject({ method: 'GET', url, headers: cookieHeader(token) });
  const uploadRow = (name: string) => app.db.selectFrom('uploads').select(['name', 'kind', 'user_id']).where('name', '=', name).executeTakeFirst();

  it('answers 201 {url} with an absolute <PUBLIC_URL>/uploads/ URL its owner can load', async () => {
    const { token } = await register(app);
    const response = await upload(token, await pngImage());
    expect(response.statusCode).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(response.json()).toEqual({ url: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/uploads/[0-9a-f-]{36}\\.png$`)) });
    const served = await get(token, url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(await uploadRow(uploadName(url))).toMatchObject({ kind: 'photo' });
  });

  it('refuses other types, oversized files, no file, other fields and signed-out users', async () => {
    const { token } = await register(app);
    expect((await upload(token, await gifImage())).statusCode).toBe(415);
    expect((await upload(token, Buffer.from('<svg/>'))).json()).toEqual({ message: MESSAGES.imageTypeNotAllowed });
    const noFile = await sendForm(app, 'POST', '/api/uploads', token, {});
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ message: MESSAGES.imageRequired });
    expect((await upload(token, await pngImage(), 'photo')).json()).toEqual({ message: 'Unexpected field: photo' });
    expect((await upload(token, await pngImage(), 'file', { upload_preset: 'x' })).json()).toEqual({ message: 'Unexpected field: upload_preset' });
    expect((await upload(undefined, await pngImage())).statusCode).toBe(401);
    const json = await app.inject({ method: 'POST', url: '/api/uploads', headers: cookieHeader(token), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('lets updateuser take an own upload, refuses another user\'s, and removes the old photo when it changes', async () => {
    const a = await register(app);
    const b = await register(app);
    const first = (await upload(a.token, await pngImage())).json<{ url: string }>().url;
    const second = (await upload(a.token, await jpegWithExif())).json<{ url: string }>().url;
    const ofB = (await upload(b.token, await pngImage())).json<{ url: string }>().url;

    const set = await updatePhoto(a.token, first);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ photo: first });
    // Saving the profile again with the same photo keeps it, sent back absolute or relative (older clients).
    expect((await updatePhoto(a.token, first)).statusCode).toBe(200);
    const relative = await updatePhoto(a.token, `/uploads/${uploadName(first)}`);
    expect(relative.json()).toMatchObject({ photo: first });
    expect((await get(a.token, first)).statusCode).toBe(200);
    // Stored as its path, never as a URL of this host (a backup restores elsewhere).
    const row = await app.db.selectFrom('users').select('photo').where('id', '=', a.response.json<{ _id: string }>()._id).executeTakeFirstOrThrow();
    expect(row.photo).toBe(`/uploads/${uploadName(first)}`);

    const refused = await updatePhoto(a.token, ofB);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: MESSAGES.photoMustBeHttp });
    expect((await get(b.token, ofB)).statusCode).toBe(200);
    expect((await get(a.token, ofB)).statusCode).toBe(404);

    expect((await updatePhoto(a.token, second)).json()).toMatchObject({ photo: second });
    expect((await get(a.token, first)).statusCode).toBe(404);
    expect(await uploadRow(uploadName(first))).toBeUndefined();

    expect((await updatePhoto(a.token, 'https://img.example.com/me.png')).statusCode).toBe(200);
    expect(await uploadRow(uploadName(second))).toBeUndefined();
  });

  it('does not let a product image stand in for a profile photo', async () => {
    const { token } = await register(app);
    const product = await sendForm(app, 'POST', '/api/products', token, PRODUCT_FIELDS, { fileName: 'p.png', bytes: await pngImage() });
    const filePath = (product.json() as { image: { filePath: string } }).image.filePath;
    const response = await updatePhoto(token, filePath);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MESSAGES.photoMustBeHttp });
  });

  it('removes every upload of a user whose account row goes (cascade) — metadata included', async () => {
    const { token, response } = await register(app);
    const url = (await upload(token, await pngImage())).json<{ url: string }>().url;
    await app.db.deleteFrom('users').where('id', '=', response.json<{ _id: string }>()._id).execute();
    expect(await uploadRow(uploadName(url))).toBeUndefined();
  });

  it(`keeps bytes in the ${kind.name === 'postgres' ? 'database' : 'data folder'}`, async () => {
    const { token } = await register(app);
    const url = (await upload(token, await pngImage())).json<{ url: string }>().url;
    const { existsSync } = await import('node:fs');
    expect(existsSync(`${database.dataDir}/uploads/${uploadName(url)}`)).toBe(kind.name === 'sqlite');
  });
});
