import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTACT_DETAIL_LIMITS, IMPORT_MAX_BYTES_DEFAULT, isContactPhone, type ContactDetails } from '@inventory/contract';
import { OUTBOX_INTERVAL_MS } from './mail/outbox-timing';
import { RATE_LIMITS } from './rate-limit/rules';

/** Typed configuration of the server, read from the environment once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  publicUrl: string;
  /** Origin (scheme://host[:port]) of publicUrl. */
  publicOrigin: string;
  corsOrigins: string[];
  /** Where the front end lives (APP_URL, default publicUrl): reset links point there. */
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where contact messages go: SUPPORT_EMAIL, else CONTACT_EMAIL, else support@localhost. */
  supportEmail: string;
  /** CONTACT_EMAIL, CONTACT_PHONE, CONTACT_ADDRESS, CONTACT_SOCIAL: what the Contact page shows; null when unset. */
  contact: ContactDetails;
  logLevel: string;
  appDist: string;
  /** Secure cookies when the public URL is https. */
  secureCookies: boolean;
  /**
   * CROSS_SITE_COOKIES: the front end lives on another site, so the session cookie is SameSite=None; Secure. Only with
   * an https publicUrl and CORS_ORIGINS listing that front end.
   */
  crossSiteCookies: boolean;
  /**
   * Which reverse proxies' `X-Forwarded-For` to believe for the client address (rate limits, logs): false (default,
   * the socket's peer is the client), a hop count, or a list of proxy addresses/CIDRs (and proxy-addr's names
   * `loopback`, `linklocal`, `uniquelocal`).
   */
  trustProxy: false | number | string[];
  /** The largest CSV file POST /api/products/import takes (IMPORT_MAX_BYTES, default 20 MB); a larger one answers 413. */
  importMaxBytes: number;
  /** Registrations one client address may make per hour (REGISTRATIONS_PER_HOUR, default 30); over it the answer is 429. */
  registrationsPerHour: number;
  /** How often each process looks for mail due in the outbox (OUTBOX_INTERVAL_MS, default 5 s). */
  outboxIntervalMs: number;
  /**
   * PASSWORD_HASH_COST: `standard` (default; Argon2id at OWASP's minimum, 19 MiB and 2 passes) or `minimal` (for test
   * suites, which register hundreds of users; refused with an https PUBLIC_URL). A hash names its own cost, so
   * either setting verifies passwords hashed under the other.
   */
  passwordHashCost: PasswordHashCost;
}

export const PASSWORD_HASH_COSTS = ['standard', 'minimal'] as const;
export type PasswordHashCost = (typeof PASSWORD_HASH_COSTS)[number];

export class ConfigError extends Error {
  constructor(message: string) {
    super(`Invalid configuration: ${message}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Record<string, string | undefined>;

function value(env: Env, key: string): string | undefined {
  const raw = env[key];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

function parseUrl(raw: string, key: string, protocols: string[], what: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${key} must be ${what}`);
  }
  if (!protocols.includes(url.protocol)) throw new ConfigError(`${key} must be ${what}`);
  return url;
}

/** An http(s) URL without credentials, query or fragment, without its trailing slash. */
function parseBaseUrl(raw: string, key: string): URL {
  const url = parseUrl(raw, key, ['http:', 'https:'], 'an http:// or https:// URL');
  if (url.username || url.password || url.search || url.hash) {
    throw new ConfigError(`${key} must be an http:// or https:// URL without credentials, query or fragment`);
  }
  return url;
}

const withoutTrailingSlash = (url: URL) => url.href.replace(/\/$/, '');

function parseFlag(raw: string | undefined, key: string): boolean {
  if (raw === undefined) return false;
  const flag = raw.toLowerCase();
  if (flag === 'true' || flag === '1') return true;
  if (flag === 'false' || flag === '0') return false;
  throw new ConfigError(`${key} must be true or false`);
}

/**
 * The built SPA: `packages/app/dist`, found from this file's location. This file is `packages/server/src/config.ts`
 * under Vitest/tsx and is bundled into `packages/server/dist/main.js`; both sit one level below `packages/server`.
 */
function defaultAppDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '..', '..', 'app', 'dist');
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A proxy address (IPv4/IPv6), a CIDR of one, or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset or 0 → false; a hop count; or a comma list of proxy addresses/CIDRs. `true` (trust anyone) is refused. */
function parseTrustProxy(raw: string | undefined): Config['trustProxy'] {
  if (raw === undefined || raw.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 100) throw new ConfigError('TRUST_PROXY hop count must be 0-100');
    return hops === 0 ? false : hops;
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined || entries.length === 0) {
    throw new ConfigError(
      `TRUST_PROXY must be a hop count (e.g. 1) or a comma-separated list of proxy IPs/CIDRs${bad === undefined ? '' : ` ("${bad}" is neither)`}`,
    );
  }
  return entries;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** One line of text of at most `max` characters, or undefined when unset; anything else stops the start. */
function contactLine(env: Env, key: string, max: number): string | undefined {
  const line = value(env, key);
  if (line === undefined) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(line) || line.length > max) {
    throw new ConfigError(`${key} must be one line of at most ${max} characters`);
  }
  return line;
}

/** The operator's contact details, each checked; unset ones are null (the Contact page shows only what is set). */
function parseContactDetails(env: Env): ContactDetails {
  const email = contactLine(env, 'CONTACT_EMAIL', CONTACT_DETAIL_LIMITS.email);
  if (email !== undefined && !EMAIL.test(email)) throw new ConfigError('CONTACT_EMAIL must be an email address');
  const phone = contactLine(env, 'CONTACT_PHONE', CONTACT_DETAIL_LIMITS.phone);
  if (phone !== undefined && !isContactPhone(phone)) {
    throw new ConfigError('CONTACT_PHONE must be a phone number: digits, spaces, +, (, ), -, . or /');
  }
  return {
    email: email ?? null,
    phone: phone ?? null,
    address: contactLine(env, 'CONTACT_ADDRESS', CONTACT_DETAIL_LIMITS.address) ?? null,
    social: contactLine(env, 'CONTACT_SOCIAL', CONTACT_DETAIL_LIMITS.social) ?? null,
  };
}

/** Read and check the configuration; throws a ConfigError whose message is one line naming the problem. */
export function loadConfig(env: Env = process.env): Config {
  const portRaw = value(env, 'PORT') ?? '3000';
  if (!/^\d+$/.test(portRaw) || Number(portRaw) < 1 || Number(portRaw) > 65535) {
    throw new ConfigError('PORT must be an integer 1-65535');
  }
  const port = Number(portRaw);

  const host = value(env, 'HOST') ?? '0.0.0.0';
  const dataDir = path.resolve(process.cwd(), value(env, 'DATA_DIR') ?? './data');

  const databaseUrl = value(env, 'DATABASE_URL');
  let database: Config['database'];
  if (databaseUrl === undefined) {
    database = { kind: 'sqlite', file: path.join(dataDir, 'inventory.sqlite') };
  } else if (/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    parseUrl(databaseUrl, 'DATABASE_URL', ['postgres:', 'postgresql:'], 'a postgres:// or postgresql:// URL (or unset for SQLite)');
    database = { kind: 'postgres', url: databaseUrl };
  } else {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL (or unset for SQLite)');
  }

  const publicUrl = parseBaseUrl(value(env, 'PUBLIC_URL') ?? `http://localhost:${port}`, 'PUBLIC_URL');
  const appUrlRaw = value(env, 'APP_URL');
  const appUrl = appUrlRaw === undefined ? publicUrl : parseBaseUrl(appUrlRaw, 'APP_URL');

  const corsOrigins = (value(env, 'CORS_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
    .map((origin) => {
      const url = parseUrl(origin, 'CORS_ORIGINS', ['http:', 'https:'], 'a comma-separated list of http(s) origins');
      if (url.origin !== origin.replace(/\/$/, '')) {
        throw new ConfigError(`CORS_ORIGINS entry "${origin}" must be an exact origin like https://shop.example.com`);
      }
      return url.origin;
    });

  const crossSiteCookies = parseFlag(value(env, 'CROSS_SITE_COOKIES'), 'CROSS_SITE_COOKIES');
  if (crossSiteCookies && publicUrl.protocol !== 'https:') {
    throw new ConfigError('CROSS_SITE_COOKIES=true needs an https:// PUBLIC_URL (browsers take SameSite=None cookies only when Secure)');
  }
  if (crossSiteCookies && corsOrigins.length === 0) {
    throw new ConfigError('CROSS_SITE_COOKIES=true needs CORS_ORIGINS listing the front end origin(s) it serves');
  }

  const smtpUrl = value(env, 'SMTP_URL');
  if (smtpUrl !== undefined) parseUrl(smtpUrl, 'SMTP_URL', ['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL');

  const mailFrom = value(env, 'MAIL_FROM') ?? 'Inventory <no-reply@localhost>';
  if (!mailFrom.includes('@')) throw new ConfigError('MAIL_FROM must be an email address, e.g. Inventory <no-reply@example.com>');
  const contact = parseContactDetails(env);
  const supportEmail = value(env, 'SUPPORT_EMAIL') ?? contact.email ?? 'support@localhost';
  if (!EMAIL.test(supportEmail)) throw new ConfigError('SUPPORT_EMAIL must be an email address');

  const logLevel = (value(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const appDistRaw = value(env, 'APP_DIST');
  const appDist = appDistRaw ? path.resolve(process.cwd(), appDistRaw) : defaultAppDist();

  const trustProxy = parseTrustProxy(value(env, 'TRUST_PROXY'));

  const importMaxBytesRaw = value(env, 'IMPORT_MAX_BYTES');
  if (importMaxBytesRaw !== undefined && (!/^\d{1,12}$/.test(importMaxBytesRaw) || Number(importMaxBytesRaw) < 1)) {
    throw new ConfigError('IMPORT_MAX_BYTES must be a whole number of bytes (at least 1)');
  }
  const importMaxBytes = importMaxBytesRaw === undefined ? IMPORT_MAX_BYTES_DEFAULT : Number(importMaxBytesRaw);

  const registrationsRaw = value(env, 'REGISTRATIONS_PER_HOUR');
  if (registrationsRaw !== undefined && (!/^\d{1,6}$/.test(registrationsRaw) || Number(registrationsRaw) < 1)) {
    throw new ConfigError('REGISTRATIONS_PER_HOUR must be a whole number from 1 to 999999');
  }
  const registrationsPerHour = registrationsRaw === undefined ? RATE_LIMITS.register.limit : Number(registrationsRaw);

  const outboxIntervalRaw = value(env, 'OUTBOX_INTERVAL_MS');
  if (outboxIntervalRaw !== undefined && (!/^\d{1,7}$/.test(outboxIntervalRaw) || Number(outboxIntervalRaw) < 50 || Number(outboxIntervalRaw) > 3_600_000)) {
    throw new ConfigError('OUTBOX_INTERVAL_MS must be a whole number of milliseconds from 50 to 3600000');
  }
  const outboxIntervalMs = outboxIntervalRaw === undefined ? OUTBOX_INTERVAL_MS : Number(outboxIntervalRaw);

  const passwordHashCost = value(env, 'PASSWORD_HASH_COST') ?? 'standard';
  if (!(PASSWORD_HASH_COSTS as readonly string[]).includes(passwordHashCost)) {
    throw new ConfigError(`PASSWORD_HASH_COST must be one of ${PASSWORD_HASH_COSTS.join(', ')}`);
  }
  if (passwordHashCost === 'minimal' && publicUrl.protocol === 'https:') {
    throw new ConfigError('PASSWORD_HASH_COST=minimal is for test suites; a server with an https PUBLIC_URL hashes passwords at the standard cost');
  }

  return {
    port,
    host,
    dataDir,
    database,
    publicUrl: withoutTrailingSlash(publicUrl),
    publicOrigin: publicUrl.origin,
    corsOrigins,
    appUrl: withoutTrailingSlash(appUrl),
    smtpUrl,
    mailFrom,
    supportEmail,
    contact,
    logLevel,
    appDist,
    secureCookies: publicUrl.protocol === 'https:',
    crossSiteCookies,
    trustProxy,
    importMaxBytes,
    registrationsPerHour,
    outboxIntervalMs,
    passwordHashCost: passwordHashCost as PasswordHashCost,
  };
}
