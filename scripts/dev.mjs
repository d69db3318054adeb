// `npm run dev`: the API server in watch mode on :3000 and the Vite dev server (proxying /api to it) on :5173.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn('npx', ['tsx', 'watch', 'packages/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite', '--config', 'packages/app/vite.config.ts'], { cwd: root, stdio: 'inherit' }),
];

function stopAll(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
