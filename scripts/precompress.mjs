// Part of `npm run build:app`: after `vite build`, write `<file>.br` and `<file>.gz` next to every compressible file of
// the built app, at the highest quality (it runs once per build, not per request). The server sends them to clients
// that accept them (@fastify/static `preCompressed`, packages/server/src/http/static-app.ts).
// Usage: node scripts/precompress.mjs [dir]   (default packages/app/dist)
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text-like files; images, fonts (woff2 is compressed already) and the variants themselves are left alone. */
export const COMPRESSIBLE = /\.(?:html?|m?js|css|svg|json|webmanifest|map|txt|xml|ico|wasm)$/i;

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compress one file both ways; a variant that is not smaller than the file is not kept (the file is served as is). */
async function precompressFile(file) {
  const bytes = await readFile(file);
  const variants = [
    [
      '.br',
      () =>
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
    ],
    ['.gz', () => gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION })],
  ];
  let written = 0;
  for (const [extension, compress] of variants) {
    const compressed = await compress();
    if (compressed.length < bytes.length) {
      await writeFile(file + extension, compressed);
      written += 1;
    } else {
      await rm(file + extension, { force: true });
    }
  }
  return { bytes: bytes.length, written };
}

/** Precompress every compressible file under `dir`; returns how many files and variants. */
export async function precompress(dir) {
  const files = [];
  for await (const file of filesUnder(dir)) if (COMPRESSIBLE.test(file)) files.push(file);
  // The thread pool compresses several files at once.
  const results = await Promise.all(files.map(precompressFile));
  return { files: files.length, variants: results.reduce((sum, result) => sum + result.written, 0) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dir = path.resolve(process.argv[2] ?? path.join(root, 'packages', 'app', 'dist'));
  const started = performance.now();
  const { files, variants } = await precompress(dir);
  console.log(
    `precompressed ${files} files of ${path.relative(process.cwd(), dir) || dir} (${variants} .br/.gz) in ${Math.round(performance.now() - started)} ms`,
  );
}
