import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}

/**
 * A static host for a built single-page app, as a front end hosted apart from the API would have: its files, and
 * index.html for every other path (the app's own routes).
 */
export async function serveStaticSite(
  root: string,
  port: number,
  host = '127.0.0.1',
): Promise<{ close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname);
      const candidate = normalize(join(root, pathname));
      const inside = candidate === root || candidate.startsWith(`${root}${sep}`);
      const file = inside && (await isFile(candidate)) ? candidate : join(root, 'index.html');
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(response);
    })().catch(() => {
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
