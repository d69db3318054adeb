/**
 * A valid email: a local part, '@', then a domain whose top-level part has at least 2 letters, or a bracketed IPv4.
 * The local part is either dot-separated atoms without specials, or a quoted string.
 */
const LOCAL_PART = String.raw`(?:[^<>()[\]\\.,;:\s@"]+(?:\.[^<>()[\]\\.,;:\s@"]+)*|".+")`;
const BRACKETED_IP = String.raw`\[\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\]`;
const DOMAIN = String.raw`(?:[a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}`;
const EMAIL_PATTERN = new RegExp(`^${LOCAL_PART}@(?:${BRACKETED_IP}|${DOMAIN})$`);

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
