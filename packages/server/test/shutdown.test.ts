import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Product } from '@inventory/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, PRODUCT_FIELDS } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { api, cookie, type ServerProcess, sessionOf, startServer } from './support/processes';

/** A PNG of random pixels: about 1.4 MB that does not compress, so an upload of it takes a while. */
const noisyPng = () =>
  sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } })
    .png()
    .toBuffer();

interface Answer {
  status: number;
  body: string;
}

/** A POST over its own connection whose body is sent in two halves, the second after `gate` resolves. */
function slowUpload(
  port: number,
  token: string,
  body: { payload: Buffer; headers: Record<string, string> },
  gate: Promise<void>,
) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/products',
      agent: false,
      headers: { ...body.headers, ...cookie(token), 'content-length': String(body.payload.length) },
    });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    const half = Math.floor(body.payload.length / 2);
    request.write(body.payload.subarray(0, half));
    void gate.then(() => request.end(body.payload.subarray(half)));
  });
}

/** A GET on a new connection: its status, or the connection error's code. */
function freshGet(port: number, path: string) {
  return new Promise<number | string>((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe.each(databases)('SIGTERM under load on $name', (kind) => {
  let database: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await kind.create();
    server = await startServer({ env: { ...database.env, LOG_LEVEL: 'info' } });
  }, 60_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await database?.cleanup();
  });

  it('finishes the requests in flight, refuses new ones, closes the database and exits 0 within 10 s', async () => {
    const registered = await api(server.url, 'POST', '/api/users/register', undefined, {
      name: 'Shut Down',
      email: 'shutdown@example.com',
      password: 'secret123',
    });
    const token = sessionOf(registered);
    if (!token) throw new Error(`no session: ${registered.status} ${await registered.text()}`);

    const image = await noisyPng();
    const uploads = 4;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const bodies = await Promise.all(
      Array.from({ length: uploads }, (_, i) =>
        multipart(
          { ...PRODUCT_FIELDS, name: `In flight ${i}` },
          { fileName: `big${i}.png`, type: 'image/png', bytes: image },
        ),
      ),
    );
    const inFlight = bodies.map((body) => slowUpload(server.port, token, body, gate));
    // A stream of quick requests alongside, all answered before the signal.
    const quick = await Promise.all(Array.from({ length: 10 }, () => freshGet(server.port, '/healthz')));
    expect(quick.every((status) => status === 200)).toBe(true);
    // Let the half bodies reach the server, then signal while the uploads are still being received.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));

    // New connections after the signal: refused, or answered 503 — never served.
    const late = await Promise.all(Array.from({ length: 5 }, () => freshGet(server.port, '/api/users/loggedin')));
    for (const outcome of late) expect(['ECONNREFUSED', 'ECONNRESET', 503]).toContain(outcome);

    // The uploads in flight finish: every one stored, 201.
    release();
    const answers = await Promise.all(inFlight);
    for (const answer of answers) expect(answer.status, answer.body).toBe(201);

    const exit = await server.exited;
    const took = Date.now() - signalledAt;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(took).toBeLessThan(10_000);
    expect(server.output()).toContain('shut down cleanly');

    // What the answers promised is in the database: a new process lists every product, image bytes included.
    const again = await startServer({ env: database.env });
    try {
      const listed = (await (await api(again.url, 'GET', '/api/products', token)).json()) as Product[];
      expect(listed.map((product) => product.name).sort()).toEqual(
        Array.from({ length: uploads }, (_, i) => `In flight ${i}`),
      );
      for (const product of listed) {
        const bytes = await fetch(`${again.url}${new URL(product.image.filePath).pathname}`, { headers: cookie(token) });
        expect(bytes.status).toBe(200);
      }
    } finally {
      await again.stop();
    }
  }, 60_000);
});
