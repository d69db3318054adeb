import { DEFAULT_AVATAR_PATH, type Product, type User } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushMail, latestMail, register, RESET_LINK, startApp } from './support/app';
import { PRODUCT_FIELDS, pngImage, sendForm } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';

const API = 'https://api.example.com';
const APP = 'https://shop.example.net/inventory';

/** A front end hosted apart from the API: reset links go to APP_URL, image URLs stay on PUBLIC_URL. */
describe.each(databases)('a front end hosted elsewhere (APP_URL) on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, { PUBLIC_URL: API, APP_URL: `${APP}/`, CORS_ORIGINS: 'https://shop.example.net' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('mails reset links on APP_URL', async () => {
    const { body } = await register(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/forgotpassword',
      payload: { email: body.email },
    });
    expect(response.statusCode).toBe(200);
    await flushMail(app);
    const mail = (await latestMail(database.dataDir)) ?? '';
    const token = mail.match(RESET_LINK)?.[1];
    expect(token).toBeDefined();
    expect(mail).toContain(`${APP}/resetpassword/${token}`);
    expect(mail).not.toContain(`${API}/resetpassword/`);
  });

  it('answers image URLs and the default avatar absolute on PUBLIC_URL', async () => {
    const { response, token } = await register(app);
    expect(response.json<User>().photo).toBe(`${API}${DEFAULT_AVATAR_PATH}`);
    const product = (
      await sendForm(app, 'POST', '/api/products', token, PRODUCT_FIELDS, {
        fileName: 'p.png',
        bytes: await pngImage(),
      })
    ).json<Product>();
    expect('filePath' in product.image && product.image.filePath).toMatch(
      new RegExp(`^${API}/uploads/[0-9a-f-]{36}\\.png$`),
    );
  });
});
