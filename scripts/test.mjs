// `npm test`: every layer in order, each timed; the first failing layer stops the run with one clear line, and a
// table of the layers' times closes every run. `node scripts/test.mjs unit journeys` runs only the named layers (in
// the usual order); `npm run test:<layer>` runs one layer's tool directly.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPostgres } from './postgres-check.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @typedef {{ name: string, what: string, command?: string[], env?: Record<string, string>, needsBuild?: boolean, run?: () => Promise<string> }} Layer */
/** @type {Layer[]} */
const LAYERS = [
  { name: 'chromium', what: 'a Chromium to test in', command: ['node', 'scripts/check-chromium.mjs'] },
  { name: 'postgresql', what: 'PostgreSQL answers when it is expected', run: checkPostgres },
  { name: 'lint', what: 'ESLint and the package boundaries', command: ['npm', 'run', 'lint'] },
  { name: 'typecheck', what: 'every TypeScript project', command: ['npm', 'run', 'typecheck'] },
  // Built once: the unit layer's test of the built index.html and the journeys use this build.
  { name: 'build', what: 'the app and the server', command: ['npm', 'run', 'build'] },
  {
    name: 'unit',
    what: 'contract, server (SQLite and PostgreSQL), app, mocks, tooling',
    command: ['npm', 'run', 'test:unit'],
    // The test of the built index.html's CSP hash fails instead of skipping when the build is part of the run.
    env: { TEST_BUILT_APP: '1' },
    needsBuild: true,
  },
  {
    name: 'stories',
    what: 'every story: play function, a11y in both themes, pictures',
    command: ['npm', 'run', 'test:visual'],
  },
  {
    name: 'journeys',
    what: 'Playwright journeys against the built app and server',
    command: ['npx', 'playwright', 'test', '--config', 'e2e/playwright.config.ts'],
  },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !LAYERS.some((layer) => layer.name === name));
if (unknown.length) {
  console.error(`test: no layer named ${unknown.join(', ')}; the layers are ${LAYERS.map((l) => l.name).join(', ')}`);
  process.exit(2);
}
const layers = wanted.length ? LAYERS.filter((layer) => wanted.includes(layer.name)) : LAYERS;

function run(command, env) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      cwd: repo,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('error', (error) => resolve({ code: 1, error }));
    child.on('exit', (code, signal) => resolve({ code: code ?? 1, signal }));
  });
}

const clock = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
};

/** @type {{ name: string, what: string, ms: number, result: string }[]} */
const rows = [];
const started = Date.now();
let failed;

for (const layer of layers) {
  console.log(`\n━━━ ${layer.name}: ${layer.what}`);
  const layerStarted = Date.now();
  let result = 'passed';
  if (layer.run) {
    try {
      const note = await layer.run();
      if (note) result = `passed (${note})`;
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      result = 'FAILED';
    }
  } else {
    const env =
      layer.needsBuild && !layers.some((other) => other.name === 'build') && process.env.CI !== 'true' ? {} : layer.env;
    const { code, signal, error } = await run(layer.command, env);
    if (error) console.error(error.message);
    if (code !== 0) result = `FAILED (${signal ?? `exit ${code}`})`;
  }
  rows.push({ name: layer.name, what: layer.what, ms: Date.now() - layerStarted, result });
  if (result.startsWith('FAILED')) {
    failed = layer;
    break;
  }
}

const notRun = layers.slice(rows.length).map((layer) => layer.name);
const width = Math.max(...layers.map((layer) => layer.name.length));
console.log('\n━━━ npm test: time per layer');
for (const row of rows) console.log(`  ${row.name.padEnd(width)}  ${clock(row.ms).padStart(7)}  ${row.result}`);
for (const name of notRun) console.log(`  ${name.padEnd(width)}  ${'—'.padStart(7)}  not run`);
console.log(`  ${'total'.padEnd(width)}  ${clock(Date.now() - started).padStart(7)}`);
if (failed) {
  console.error(
    `\nnpm test FAILED at the ${failed.name} layer (${failed.what})` +
      (notRun.length ? `; not run: ${notRun.join(', ')}` : '') +
      '. Its own output is above the table.',
  );
}
console.log(
  `layers: ${rows.filter((row) => !row.result.startsWith('FAILED')).length} passed, ${failed ? 1 : 0} failed`,
);
process.exit(failed ? 1 : 0);
