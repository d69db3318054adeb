import { MESSAGES, type User } from '@inventory/contract';
import { expect } from 'vitest';
import { PNG_SIGNATURE, fakePng, formOf, startsWithBytes, tinyJpeg, tinyPng, uploadUrl } from './support';
import type { Scenario } from './types';
import { expectMessage, register } from './users';

const UPLOADS = '/api/uploads';

export const uploadScenarios: Scenario[] = [
  {
    name: 'uploads: an image answers 201 {url}, served to its owner only; updateuser takes it as the photo, nobody else can',
    async run(client) {
      await register(client, 'ursula');
      const uploaded = await client.postForm(UPLOADS, formOf({}, { file: tinyPng('me.png') }));
      expect(uploaded.status).toBe(201);
      expect(uploaded.body).toEqual({ url: uploadUrl('png') });
      const { url } = uploaded.body as { url: string };

      const file = await client.get(url, { headers: { accept: 'image/*' } });
      expect({ status: file.status, type: file.headers.get('content-type') }).toEqual({
        status: 200,
        type: 'image/png',
      });
      expect(startsWithBytes(file.bytes, PNG_SIGNATURE)).toBe(true);

      const saved = await client.patch('/api/users/updateuser', { photo: url });
      expect(saved.status).toBe(200);
      expect((saved.body as User).photo).toBe(url);
      expect(((await client.get('/api/users/getuser')).body as User).photo).toBe(url);
      // Sent back by its path, as older clients do: the same photo.
      const relative = await client.patch('/api/users/updateuser', { photo: new URL(url).pathname });
      expect((relative.body as User).photo).toBe(url);

      const jpeg = await client.postForm(UPLOADS, formOf({}, { file: tinyJpeg('me.jpeg') }));
      expect(jpeg.status).toBe(201);
      expect(jpeg.body).toEqual({ url: uploadUrl('jpg') });

      const other = client.newSession();
      await register(other, 'vera');
      expect((await other.get(url, { headers: { accept: 'image/*' } })).status).toBe(404);
      expectMessage(await other.patch('/api/users/updateuser', { photo: url }), 400, MESSAGES.photoMustBeHttp);
    },
  },
  {
    name: 'uploads: signed out 401; not an image 415; no file 400',
    async run(client) {
      expectMessage(await client.postForm(UPLOADS, formOf({}, { file: tinyPng() })), 401, MESSAGES.notAuthorized);
      await register(client, 'walter');
      expectMessage(await client.postForm(UPLOADS, formOf({}, { file: fakePng() })), 415, MESSAGES.imageTypeNotAllowed);
      const empty = await client.postForm(UPLOADS, formOf({ note: 'no file' }));
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ message: expect.any(String) });
    },
  },
];
