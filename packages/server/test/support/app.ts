import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SESSION_COOKIE_NAME } from '@inventory/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type AppDeps, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { RATE_LIMITS, type RateLimitRules } from '../../src/rate-limit/rules';
import type { TestDatabase } from './databases';
import { minimalHashing } from './password-cost';
import { checkAnswersAgainstDescription } from './openapi';

export const PUBLIC_URL = 'http://inventory.test:3000';

/**
 * Limits no functional suite reaches (every request of a suite comes from one address); the rate-limit and security
 * suites pass their own through `deps.rateLimits`.
 */
export const UNLIMITED: RateLimitRules = Object.fromEntries(
  Object.entries(RATE_LIMITS).map(([name, rule]) => [name, { ...rule, limit: 1_000_000 }]),
) as RateLimitRules;

/** Build the app on a test database with quiet logs and no built SPA, unless the env says otherwise. */
export async function startApp(database: TestDatabase, env: Record<string, string> = {}, deps: AppDeps = {}): Promise<FastifyInstance> {
  deps = { ...deps, rateLimits: deps.rateLimits ?? UNLIMITED };
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    APP_DIST: path.join(database.dataDir, 'no-app-dist'),
    ...minimalHashing(env),
    ...database.env,
    ...env,
  });
  const app = await buildApp(config, deps);
  checkAnswersAgainstDescription(app);
  return app;
}

/** The session token a response set, or undefined. */
export function sessionCookie(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE_NAME);
  return cookie && cookie.value !== '' ? cookie.value : undefined;
}

export function cookieHeader(token: string | undefined): Record<string, string> {
  return token ? { cookie: `${SESSION_COOKIE_NAME}=${token}` } : {};
}

let counter = 0;
/** A unique email per call. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now()}@example.com`;
}

/** Register a user; returns its cookie token and the response. */
export async function register(app: FastifyInstance, overrides: Partial<{ name: string; email: string; password: string }> = {}) {
  const body = { name: 'Ada Lovelace', email: uniqueEmail(), password: 'secret123', ...overrides };
  const response = await app.inject({ method: 'POST', url: '/api/users/register', payload: body });
  return { response, token: sessionCookie(response), body };
}

/**
 * Let the mail the app has written go out: the work it does after answering (the reset link), then the outbox, which
 * every process otherwise sends from after each commit and on its poll.
 */
export async function flushMail(app: FastifyInstance): Promise<void> {
  await app.backgroundJobs.settled();
  await app.outbox.flush();
}

/** The newest saved mail under DATA_DIR/mail, raw. */
export async function latestMail(dataDir: string): Promise<string | undefined> {
  const dir = path.join(dataDir, 'mail');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return undefined;
  }
  const newest = files.at(-1);
  return newest ? readFile(path.join(dir, newest), 'utf8') : undefined;
}

export const RESET_LINK = /\/resetpassword\/([A-Za-z0-9_-]+)/;
