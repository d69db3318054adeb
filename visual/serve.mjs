// A tiny static server for the built Storybook (storybook-static/), loopback only.
// Usage: node visual/serve.mjs [dir] — port from VISUAL_PORT (default 6107).
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? 'storybook-static');
const port = Number(process.env.VISUAL_PORT ?? 6107);
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

function fileFor(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const path = normalize(join(root, decoded));
  if (!path.startsWith(root)) return undefined;
  try {
    const stat = statSync(path);
    if (stat.isFile()) return { path, size: stat.size };
    if (stat.isDirectory()) return fileFor(join(urlPath, 'index.html'));
  } catch {
    return undefined;
  }
  return undefined;
}

createServer((req, res) => {
  const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
  const file = fileFor(urlPath);
  if (!file) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream',
    'content-length': file.size,
    // Hashed build output may be cached by the browser (one context per test worker); the rest never is.
    'cache-control': urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-store',
    // The MSW worker script lives at the root and controls the whole origin.
    'service-worker-allowed': '/',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  // A file removed mid-request (a rebuild of storybook-static/) ends that response, never the server.
  createReadStream(file.path)
    .on('error', () => res.destroy())
    .pipe(res);
}).listen(port, '127.0.0.1', () => console.log(`storybook-static on http://127.0.0.1:${port}`));
