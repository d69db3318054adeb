import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Without SMTP the server saves each mail as an .eml under DATA_DIR/mail; journeys read links from there. */
export async function latestMailTo(email: string): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const files = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  for (const name of files.reverse()) {
    const raw = await readFile(join(dir, name), 'utf8');
    if (raw.toLowerCase().includes(email.toLowerCase())) return raw;
  }
  throw new Error(`No mail to ${email} in ${dir}`);
}

export function resetPathIn(rawMail: string): string {
  const unfolded = rawMail.replace(/=\r?\n/g, '');
  const match = /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(unfolded);
  if (!match) throw new Error('No reset link in the mail');
  return `/resetpassword/${match[1]}`;
}
