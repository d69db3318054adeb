import { type ChildProcess, spawn } from 'node:child_process';
import { REPO_ROOT } from './repo';

/** The built server (packages/server/dist/main.js) in its own process with these settings, once it answers /readyz. */
export async function startApiServer(
  env: Record<string, string>,
  readyUrl: string,
): Promise<{ stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API server exited with ${child.exitCode} before it was ready`);
    const ready = await fetch(readyUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API server did not answer ${readyUrl} within 30 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
