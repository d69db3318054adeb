// Bundle the server into packages/server/dist/main.js and the backup/restore command into dist/ops.js:
// our workspace code (the contract included) is bundled,
// every npm dependency stays external and is loaded from node_modules at run time.
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const contractPkg = JSON.parse(readFileSync(path.join(here, '..', 'contract', 'package.json'), 'utf8'));

const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(contractPkg.dependencies ?? {})].filter(
  (name) => !name.startsWith('@inventory/'),
);

await build({
  entryPoints: { main: path.join(here, 'src', 'main.ts'), ops: path.join(here, 'src', 'ops', 'cli.ts') },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: {
    // Some CommonJS dependencies call require(); give ESM output one.
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
// The PDF worker is plain JavaScript run as a worker thread: it sits beside main.js, where the pool looks for it.
copyFileSync(path.join(here, 'src', 'pdf', 'pdf-worker.mjs'), path.join(here, 'dist', 'pdf-worker.mjs'));
console.log('server built: packages/server/dist/main.js, packages/server/dist/ops.js');
