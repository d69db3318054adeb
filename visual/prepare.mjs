// Before the visual test: (re)build the static Storybook when any of its inputs is newer than the last build,
// and, with --approve, drop baselines of stories that no longer exist (or are excluded) so approval leaves
// exactly one picture per screenshotted story.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const INPUTS = [
  '.storybook',
  'packages/ui/src',
  'packages/app/src',
  'packages/contract/src',
  'mocks/src',
  'mocks/public',
  'tailwind.config.ts',
  'package-lock.json',
];
const indexFile = join(repo, 'storybook-static', 'index.json');
const baselines = join(repo, 'visual', '__screenshots__');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const builtAt = existsSync(indexFile) ? statSync(indexFile).mtimeMs : 0;
const changedAt = Math.max(...INPUTS.map((input) => newestMtime(join(repo, input))));
if (process.env.VISUAL_SKIP_BUILD === '1' && builtAt) {
  console.log('visual: using the existing storybook-static/ (VISUAL_SKIP_BUILD=1)');
} else if (changedAt > builtAt) {
  console.log(builtAt ? 'visual: Storybook sources changed, rebuilding storybook-static/' : 'visual: building storybook-static/');
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build:storybook'], { cwd: repo, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    console.error('visual: `npm run build:storybook` failed');
    process.exit(result.status ?? 1);
  }
  console.log(`visual: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} else {
  console.log('visual: storybook-static/ is up to date');
}

if (process.argv.includes('--approve') && existsSync(baselines)) {
  const { EXCLUDED } = await import('./exclusions.mjs');
  const index = JSON.parse(readFileSync(indexFile, 'utf8'));
  const wanted = new Set(
    Object.values(index.entries)
      .filter((entry) => entry.type === 'story' && !(entry.id in EXCLUDED))
      // Screens (app-*) also have a picture in the dark theme at a phone's width; see visual/stories.spec.ts.
      .flatMap((entry) =>
        entry.id.startsWith('app-')
          ? [`${entry.id}.png`, `${entry.id}--phone-dark.png`]
          : [`${entry.id}.png`],
      ),
  );
  for (const file of readdirSync(baselines)) {
    if (!wanted.has(file)) {
      rmSync(join(baselines, file));
      console.log(`visual: removed the baseline of a story that is gone or excluded: ${file}`);
    }
  }
}
