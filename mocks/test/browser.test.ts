import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@inventory/contract';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The handlers with the real service worker in Chromium: cookies through `document.cookie`, the story helpers, and the
 * localStorage persistence of `npm run dev:mock`. Skipped when no Chromium is found (`npm test` checks for one first).
 */
const dirname = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.join(dirname, '..', 'public');
const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (candidate): candidate is string => Boolean(candidate && existsSync(candidate)),
);

describe.skipIf(!chromiumPath)('handlers in the browser (service worker)', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  let origin = '';

  const check = (name: string) =>
    page.evaluate(
      (n) => (window as unknown as { mockChecks: Record<string, () => Promise<unknown>> }).mockChecks[n]!(),
      name,
    );
  const ready = () => page.waitForFunction(() => document.title === 'ready', null, { timeout: 20_000 });

  beforeAll(async () => {
    const bundle = await build({
      entryPoints: [path.join(dirname, 'browser', 'entry.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    const script = bundle.outputFiles[0]!.text;
    const files: Record<string, [string, string]> = {
      '/': [
        'text/html',
        '<!doctype html><html lang="en"><head><title>loading</title></head><body><script type="module" src="/entry.js"></script></body></html>',
      ],
      '/entry.js': ['text/javascript', script],
      '/mockServiceWorker.js': ['text/javascript', readFileSync(path.join(publicDir, 'mockServiceWorker.js'), 'utf8')],
    };
    server = createServer((request, response) => {
      const file = files[new URL(request.url ?? '/', 'http://x').pathname];
      response.writeHead(file ? 200 : 404, { 'content-type': file?.[0] ?? 'text/plain' });
      response.end(file?.[1] ?? 'not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
    page = await browser.newPage();
    await page.goto(`${origin}/`);
    await ready();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('login writes the sid cookie to the document (no HttpOnly), fetch and XHR send it, logout clears it', async () => {
    expect(await check('loginLogout')).toEqual({
      login: 200,
      cookieAfterLogin: expect.stringMatching(/^sid=[0-9a-f]{64}$/),
      getuser: 200,
      getuserXhr: 200,
      logout: { message: MESSAGES.loggedOut },
      cookieAfterLogout: '',
      getuserAfter: 401,
    });
  });

  it('an HttpOnly mocked cookie never reaches document.cookie (why the mock omits HttpOnly in a browser)', async () => {
    expect(await check('httpOnlyProbe')).toEqual({ documentCookie: '', handlerSees: { probe: '1' } });
  });

  it('signedIn() wins over a session MSW stored from an earlier login, and its cleanup signs out', async () => {
    expect(await check('signedInAfterAnotherLogin')).toEqual({
      cookie: expect.stringMatching(/^sid=[0-9a-f]{64}$/),
      status: 200,
      name: 'Other User',
      after: false,
    });
  });

  it('pending() keeps a request unanswered', async () => {
    expect(await check('pendingOverride')).toBe('pending');
  });

  it('startMockWorker() keeps the db across a reload, so the mailed reset link works in dev:mock', async () => {
    const before = (await check('registerAndForget')) as { loggedin: boolean; link: string };
    expect(before.loggedin).toBe(true);
    expect(before.link).toMatch(new RegExp(`^${origin}/resetpassword/[0-9a-f]{64}$`));
    await page.reload();
    await ready();
    expect(await check('afterReload')).toEqual({
      loggedin: true,
      users: ['jane@example.com', 'persist@example.com'],
      reset: { message: MESSAGES.passwordReset },
    });
  });
});
