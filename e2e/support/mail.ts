import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Without SMTP the server saves each mail as an .eml under DATA_DIR/mail; journeys read links from there. The server
 * sends a reset mail just after it answers, so this waits for the mail a little while.
 */
export async function latestMailTo(email: string, timeoutMs = 5000): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
    for (const name of files.reverse()) {
      const raw = await readFile(join(dir, name), 'utf8');
      if (raw.toLowerCase().includes(email.toLowerCase())) return raw;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${email} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function resetPathIn(rawMail: string): string {
  const unfolded = rawMail.replace(/=\r?\n/g, '');
  const match = /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(unfolded);
  if (!match) throw new Error('No reset link in the mail');
  return `/resetpassword/${match[1]}`;
}
