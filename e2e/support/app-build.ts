import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './repo';

/** What the app's build reads: its sources, the design system, the contract, the styles' config and the lock file. */
const INPUTS = ['packages/app', 'packages/ui', 'packages/contract', 'tailwind.config.ts', 'package-lock.json'];
const SKIPPED = new Set(['node_modules', 'dist', 'storybook-static', '.turbo']);
const KEY_FILE = '.build-key';

async function listFiles(path: string): Promise<string[]> {
  const info = await stat(path);
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true });
  const nested = await Promise.all(
    entries.filter((entry) => !SKIPPED.has(entry.name)).map((entry) => listFiles(join(path, entry.name))),
  );
  return nested.flat();
}

/** A key that changes whenever an input file or the API base does (paths, sizes and modification times). */
async function buildKey(apiBase: string): Promise<string> {
  const hash = createHash('sha256').update(`VITE_API_BASE=${apiBase}\n`);
  const files = (await Promise.all(INPUTS.map((input) => listFiles(join(REPO_ROOT, input))))).flat().sort();
  for (const file of files) {
    const info = await stat(file);
    hash.update(`${relative(REPO_ROOT, file)}:${info.size}:${info.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${errors}`)),
    );
  });
}

/**
 * The app built to talk to the API at `apiBase` (VITE_API_BASE), in `outDir`, never in packages/app/dist (the other
 * journeys serve that one). Built again only when its inputs or the API base changed since the last build there.
 */
export async function buildAppFor(apiBase: string, outDir: string): Promise<void> {
  const key = await buildKey(apiBase);
  const keyFile = join(outDir, KEY_FILE);
  if (existsSync(keyFile) && (await readFile(keyFile, 'utf8')) === key) return;
  const vite = join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  await run(
    process.execPath,
    [
      vite,
      'build',
      '--config',
      'packages/app/vite.config.ts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    {
      ...process.env,
      VITE_API_BASE: apiBase,
    },
  );
  await writeFile(keyFile, key);
}
