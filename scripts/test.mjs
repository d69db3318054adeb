// `npm test`: every layer in order, each timed; the first failing layer stops the run with one clear line, and a
// table of the layers' times closes every run. `node scripts/test.mjs unit journeys` runs only the named layers (in
// the usual order); `npm run test:<layer>` runs one layer's tool directly.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPostgres } from './postgres-check.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @typedef {{
 *   name: string, what: string, command?: string[], run?: () => Promise<string | undefined>,
 *   env?: Record<string, string>, needsBuild?: boolean, beside?: string
 * }} Layer
 * `beside`: runs at the same time as the named layer, its output held until it ends (the unit tests leave a core
 * idle much of the time; two cores are what this machine has). Several layers may run beside one.
 */
/** @type {Layer[]} */
const LAYERS = [
  { name: 'chromium', what: 'a Chromium to test in', command: ['node', 'scripts/check-chromium.mjs'] },
  { name: 'postgresql', what: 'PostgreSQL answers when it is expected', run: checkPostgres },
  { name: 'lint', what: 'ESLint and the package boundaries', command: ['npm', 'run', 'lint'] },
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
  // The unit tests leave a core idle much of the time (waiting on the databases and on the servers they start), so
  // the static Storybook the stories layer opens is built, and tsc (one core) runs, beside them
  // (docs/decisions/0040-suite-time.md). The
  // journeys beside them too took 8m41 against 8m55 one after the other: the unit layer slowed by as much.
  {
    name: 'storybook',
    what: 'the static Storybook the stories open',
    command: ['node', 'visual/prepare.mjs'],
    beside: 'unit',
  },
  { name: 'typecheck', what: 'every TypeScript project', command: ['npm', 'run', 'typecheck'], beside: 'unit' },
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
const building = layers.some((layer) => layer.name === 'build');

/** Runs a command; with `hold`, its output is kept and printed whole when it ends. */
function runCommand(command, env, hold) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      cwd: repo,
      stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const held = [];
    child.stdout?.on('data', (chunk) => held.push(chunk));
    child.stderr?.on('data', (chunk) => held.push(chunk));
    child.on('error', (error) => resolve({ code: 1, error, output: Buffer.concat(held).toString() }));
    child.on('close', (code, signal) => resolve({ code: code ?? 1, signal, output: Buffer.concat(held).toString() }));
  });
}

/** @returns {Promise<{ layer: Layer, ms: number, result: string, beside: boolean }>} */
async function runLayer(layer, hold = false) {
  const started = Date.now();
  if (!hold) console.log(`\n━━━ ${layer.name}: ${layer.what}`);
  let result = 'passed';
  let output = '';
  if (layer.run) {
    try {
      const note = await layer.run();
      if (note) result = `passed (${note})`;
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      result = 'FAILED';
    }
  } else {
    const env = layer.needsBuild && !building && process.env.CI !== 'true' ? {} : layer.env;
    const outcome = await runCommand(layer.command, env, hold);
    output = outcome.output;
    if (outcome.error) output += `${outcome.error.message}\n`;
    if (outcome.code !== 0) result = `FAILED (${outcome.signal ?? `exit ${outcome.code}`})`;
  }
  if (hold) {
    console.log(`\n━━━ ${layer.name}: ${layer.what} (ran beside the layer above)`);
    process.stdout.write(output);
  }
  return { layer, ms: Date.now() - started, result, beside: hold };
}

const clock = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
};

/** @type {{ layer: Layer, ms: number, result: string, beside: boolean }[]} */
const rows = [];
const started = Date.now();

for (let i = 0; i < layers.length; i += 1) {
  const layer = layers[i];
  const companions = [];
  for (let next = i + 1; layers[next]?.beside === layer.name; next += 1) companions.push(layers[next]);
  const done = await Promise.all([runLayer(layer), ...companions.map((companion) => runLayer(companion, true))]);
  rows.push(...done);
  i += companions.length;
  if (done.some((row) => row.result.startsWith('FAILED'))) break;
}

const failed = rows.filter((row) => row.result.startsWith('FAILED')).map((row) => row.layer);
const notRun = layers.slice(rows.length).map((layer) => layer.name);
const width = Math.max(...layers.map((layer) => layer.name.length));
console.log('\n━━━ npm test: time per layer');
for (const row of rows) {
  const beside = row.beside ? ` (beside ${row.layer.beside})` : '';
  console.log(`  ${row.layer.name.padEnd(width)}  ${clock(row.ms).padStart(7)}  ${row.result}${beside}`);
}
for (const name of notRun) console.log(`  ${name.padEnd(width)}  ${'—'.padStart(7)}  not run`);
console.log(`  ${'total'.padEnd(width)}  ${clock(Date.now() - started).padStart(7)}`);
if (failed.length) {
  console.error(
    `\nnpm test FAILED at ${failed.map((layer) => `the ${layer.name} layer (${layer.what})`).join(' and ')}` +
      (notRun.length ? `; not run: ${notRun.join(', ')}` : '') +
      '. Its own output is above the table.',
  );
}
console.log(`layers: ${rows.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
