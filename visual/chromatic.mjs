// `npm run chromatic`: publish the Storybook to Chromatic (the hosted visual review) with CHROMATIC_PROJECT_TOKEN.
// Without the token it stops with one line instead of the CLI's page of help. Extra arguments go to the CLI.
import { spawnSync } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN?.trim()) {
  console.error(
    'chromatic: CHROMATIC_PROJECT_TOKEN is not set (find it under Manage in your Chromatic project; in CI add it as a repository secret).',
  );
  process.exit(1);
}

const result = spawnSync(
  'npx',
  ['--no-install', 'chromatic', '--build-script-name', 'build:storybook', '--exit-zero-on-changes', ...process.argv.slice(2)],
  { stdio: 'inherit', env: process.env },
);
process.exit(result.status ?? 1);
