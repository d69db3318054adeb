import type { FastifyInstance } from 'fastify';
import { type Browser, chromium } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium, INSTALL_HINT } from '../../../scripts/chromium.mjs';
import { apiDocument } from '../src/api-docs/document';
import { startApp } from './support/app';
import { databases, type TestDatabase } from './support/databases';

const [sqlite] = databases;

/** The reference page in a real browser: it renders every operation with no CSP violation and nothing from elsewhere. */
describe('the API reference page in Chromium', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    const executablePath = findChromium();
    if (!executablePath) throw new Error(INSTALL_HINT);
    database = await sqlite!.create();
    app = await startApp(database);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    origin = `http://127.0.0.1:${address.port}`;
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await database?.cleanup();
  });

  it('renders every operation of the description with no CSP violation, every file from this origin', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    const failures: string[] = [];
    const requested: string[] = [];
    await page.exposeFunction('reportViolation', (violation: string) => violations.push(violation));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation(v: string): void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && !/favicon/.test(message.location().url)) failures.push(message.text());
    });
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('request', (request) => requested.push(request.url()));

    await page.goto(`${origin}/api/docs`);
    const operations = Object.values(apiDocument().paths).flatMap((item) => Object.keys(item)).length;
    await expect.poll(() => page.locator('.opblock').count(), { timeout: 15_000 }).toBe(operations);
    await expect.poll(() => page.locator('.info .title').textContent()).toMatch(/^Inventory API/);

    expect(violations).toEqual([]);
    expect(failures).toEqual([]);
    expect(requested.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    await page.close();
  });
});
