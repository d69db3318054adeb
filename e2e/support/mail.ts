import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Without SMTP the server saves each mail as an .eml under DATA_DIR/mail; journeys read links from there. Every mail
 * leaves through the outbox just after the commit that wrote it (a reset link's just after the answer), so this waits
 * for it a little while. The newest mail holding `text` (any case).
 */
export async function latestMailWith(text: string, timeoutMs = 5000): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
    for (const name of files.reverse()) {
      const raw = await readFile(join(dir, name), 'utf8');
      if (raw.toLowerCase().includes(text.toLowerCase())) return raw;
    }
    if (Date.now() > deadline) throw new Error(`No mail with ${text} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The newest mail that names `email`. */
export const latestMailTo = (email: string, timeoutMs = 5000): Promise<string> => latestMailWith(email, timeoutMs);

export function resetPathIn(rawMail: string): string {
  const unfolded = rawMail.replace(/=\r?\n/g, '');
  const match = /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(unfolded);
  if (!match) throw new Error('No reset link in the mail');
  return `/resetpassword/${match[1]}`;
}
