// `npm start`: build whatever is missing or older than its sources, then serve app and API on one origin,
// in one process or in WORKERS processes sharing the port (scripts/serve.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseWorkers, serve } from './serve.mjs';

// A bad WORKERS fails before anything is built.
try {
  parseWorkers(process.env.WORKERS);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => join(root, ...parts);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

function run(script) {
  console.log(`> npm run ${script}`);
  const result = spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = [at('packages/contract/src'), at('tailwind.config.ts')];
if (isStale(at('packages/app/dist/index.html'), [at('packages/app/src'), at('packages/app/index.html'), at('packages/ui/src'), ...shared])) {
  run('build:app');
}
if (isStale(at('packages/server/dist/main.js'), [at('packages/server/src'), ...shared])) {
  run('build:server');
}

await serve(at('packages/server/dist/main.js'));
