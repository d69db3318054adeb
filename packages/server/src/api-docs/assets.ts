import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { INIT_JS } from './page';

export interface Asset {
  type: string;
  body: Buffer;
}

/** The viewer's files come from the installed swagger-ui-dist (a dependency kept external by the build). */
const FROM_PACKAGE: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const cache = new Map<string, Asset>();

function packageDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/** A file of the reference page, read once; undefined for any other name. */
export async function docsAsset(name: string): Promise<Asset | undefined> {
  const cached = cache.get(name);
  if (cached) return cached;
  let asset: Asset | undefined;
  if (name === 'init.js') asset = { type: 'text/javascript; charset=utf-8', body: Buffer.from(INIT_JS) };
  else if (Object.hasOwn(FROM_PACKAGE, name))
    asset = { type: FROM_PACKAGE[name]!, body: await readFile(path.join(packageDir(), name)) };
  if (asset) cache.set(name, asset);
  return asset;
}
