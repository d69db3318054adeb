import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

function error(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (caught) {
    expect(caught).toBeInstanceOf(ConfigError);
    return (caught as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve(process.cwd(), 'data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(config.dataDir, 'inventory.sqlite') });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
    expect(config.crossSiteCookies).toBe(false);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.trustProxy).toBe(false);
    expect(config.corsOrigins).toEqual([]);
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('Inventory <no-reply@localhost>');
    expect(config.supportEmail).toBe('support@localhost');
    expect(config.contact).toEqual({ email: null, phone: null, address: null, social: null });
    expect(config.logLevel).toBe('info');
    expect(config.appDist).toBe(path.resolve(__dirname, '..', '..', 'app', 'dist'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/inv',
      DATABASE_URL: 'postgresql://u@db:5432/inv',
      PUBLIC_URL: 'https://shop.example.com/',
      CORS_ORIGINS: 'https://a.example.com, http://localhost:5173',
      SMTP_URL: 'smtps://u:p@mail.example.com',
      MAIL_FROM: 'Shop <shop@example.com>',
      SUPPORT_EMAIL: 'help@example.com',
      LOG_LEVEL: 'warn',
      APP_DIST: '/srv/app',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/inv',
      database: { kind: 'postgres', url: 'postgresql://u@db:5432/inv' },
      publicUrl: 'https://shop.example.com',
      publicOrigin: 'https://shop.example.com',
      secureCookies: true,
      corsOrigins: ['https://a.example.com', 'http://localhost:5173'],
      smtpUrl: 'smtps://u:p@mail.example.com',
      logLevel: 'warn',
      appDist: '/srv/app',
    });
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be an integer 1-65535'],
    [{ PORT: '0' }, 'Invalid configuration: PORT must be an integer 1-65535'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be an integer 1-65535'],
    [{ PORT: '3000.5' }, 'Invalid configuration: PORT must be an integer 1-65535'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (or unset for SQLite)'],
    [{ DATABASE_URL: 'inventory.sqlite' }, 'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (or unset for SQLite)'],
    [{ PUBLIC_URL: 'ftp://example.com' }, 'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL'],
    [{ PUBLIC_URL: 'not a url' }, 'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL'],
    [{ SMTP_URL: 'http://mail' }, 'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ APP_URL: 'ftp://shop.example.com' }, 'Invalid configuration: APP_URL must be an http:// or https:// URL'],
    [{ APP_URL: 'shop.example.com' }, 'Invalid configuration: APP_URL must be an http:// or https:// URL'],
    [{ APP_URL: 'https://shop.example.com/?next=x' }, 'Invalid configuration: APP_URL must be an http:// or https:// URL without credentials, query or fragment'],
    [{ APP_URL: 'https://u:p@shop.example.com' }, 'Invalid configuration: APP_URL must be an http:// or https:// URL without credentials, query or fragment'],
    [{ APP_URL: 'https://shop.example.com/#/' }, 'Invalid configuration: APP_URL must be an http:// or https:// URL without credentials, query or fragment'],
    [{ CROSS_SITE_COOKIES: 'yes' }, 'Invalid configuration: CROSS_SITE_COOKIES must be true or false'],
    [{ CONTACT_EMAIL: 'help at shop' }, 'Invalid configuration: CONTACT_EMAIL must be an email address'],
    [{ CONTACT_PHONE: 'call us' }, 'Invalid configuration: CONTACT_PHONE must be a phone number: digits, spaces, +, (, ), -, . or /'],
    [{ CONTACT_ADDRESS: 'Leeds\nBcc: x' }, 'Invalid configuration: CONTACT_ADDRESS must be one line of at most 200 characters'],
    [{ CONTACT_SOCIAL: '@'.repeat(101) }, 'Invalid configuration: CONTACT_SOCIAL must be one line of at most 100 characters'],
    [
      { CROSS_SITE_COOKIES: 'true', CORS_ORIGINS: 'https://shop.example.com' },
      'Invalid configuration: CROSS_SITE_COOKIES=true needs an https:// PUBLIC_URL (browsers take SameSite=None cookies only when Secure)',
    ],
    [
      { CROSS_SITE_COOKIES: 'true', PUBLIC_URL: 'https://api.example.com' },
      'Invalid configuration: CROSS_SITE_COOKIES=true needs CORS_ORIGINS listing the front end origin(s) it serves',
    ],
  ])('refuses %o with one line', (env, message) => {
    const text = error(env);
    expect(text).toBe(message);
    expect(text).not.toContain('\n');
  });

  it('reads the contact details; contact messages go to CONTACT_EMAIL unless SUPPORT_EMAIL says otherwise', () => {
    const contact = {
      CONTACT_EMAIL: ' help@bytebazaar.example ',
      CONTACT_PHONE: '+44 (20) 7946-0958',
      CONTACT_ADDRESS: 'Leeds, United Kingdom',
    };
    expect(loadConfig(contact)).toMatchObject({
      contact: { email: 'help@bytebazaar.example', phone: '+44 (20) 7946-0958', address: 'Leeds, United Kingdom', social: null },
      supportEmail: 'help@bytebazaar.example',
    });
    expect(loadConfig({ ...contact, SUPPORT_EMAIL: 'desk@bytebazaar.example' }).supportEmail).toBe('desk@bytebazaar.example');
  });

  it('reads APP_URL (reset links) and CROSS_SITE_COOKIES (with an https PUBLIC_URL and CORS_ORIGINS)', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://api.example.com', APP_URL: 'https://shop.example.com/inventory/' }).appUrl).toBe(
      'https://shop.example.com/inventory',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://api.example.com/' }).appUrl).toBe('https://api.example.com');
    const crossSite = loadConfig({ CROSS_SITE_COOKIES: 'true', PUBLIC_URL: 'https://api.example.com', CORS_ORIGINS: 'https://shop.example.com' });
    expect(crossSite).toMatchObject({ crossSiteCookies: true, secureCookies: true, corsOrigins: ['https://shop.example.com'] });
    for (const off of ['false', '0', ' ']) expect(loadConfig({ CROSS_SITE_COOKIES: off }).crossSiteCookies, off).toBe(false);
    expect(loadConfig({ CROSS_SITE_COOKIES: '1', PUBLIC_URL: 'https://api.example.com', CORS_ORIGINS: 'https://shop.example.com' }).crossSiteCookies).toBe(true);
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses/CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/2', '1.5']) {
      expect(error({ TRUST_PROXY: bad }), bad).toMatch(/^Invalid configuration: TRUST_PROXY must be a hop count/);
    }
  });

  it('reads IMPORT_MAX_BYTES (20 MB by default) and refuses what is not a positive whole number', () => {
    expect(loadConfig({}).importMaxBytes).toBe(20 * 1024 * 1024);
    expect(loadConfig({ IMPORT_MAX_BYTES: '1000' }).importMaxBytes).toBe(1000);
    for (const bad of ['0', '-1', '1.5', '20MB', '1e6']) {
      expect(error({ IMPORT_MAX_BYTES: bad }), bad).toBe('Invalid configuration: IMPORT_MAX_BYTES must be a whole number of bytes (at least 1)');
    }
  });

  it('takes REGISTRATIONS_PER_HOUR as a whole number, 30 by default, and refuses anything else', () => {
    expect(loadConfig({}).registrationsPerHour).toBe(30);
    expect(loadConfig({ REGISTRATIONS_PER_HOUR: '500' }).registrationsPerHour).toBe(500);
    for (const bad of ['0', '-1', '1.5', 'many', '10000000']) {
      expect(error({ REGISTRATIONS_PER_HOUR: bad }), bad).toBe('Invalid configuration: REGISTRATIONS_PER_HOUR must be a whole number from 1 to 999999');
    }
  });

  it('takes OUTBOX_INTERVAL_MS from 50 ms to an hour, 5 s by default, and refuses anything else', () => {
    expect(loadConfig({}).outboxIntervalMs).toBe(5_000);
    expect(loadConfig({ OUTBOX_INTERVAL_MS: '50' }).outboxIntervalMs).toBe(50);
    expect(loadConfig({ OUTBOX_INTERVAL_MS: '3600000' }).outboxIntervalMs).toBe(3_600_000);
    for (const bad of ['0', '49', '-1', '1.5', '5s', '3600001']) {
      expect(error({ OUTBOX_INTERVAL_MS: bad }), bad).toBe('Invalid configuration: OUTBOX_INTERVAL_MS must be a whole number of milliseconds from 50 to 3600000');
    }
  });

  it('hashes passwords at the standard cost unless PASSWORD_HASH_COST says minimal, which an https server refuses', () => {
    expect(loadConfig({}).passwordHashCost).toBe('standard');
    expect(loadConfig({ PASSWORD_HASH_COST: 'minimal' }).passwordHashCost).toBe('minimal');
    expect(loadConfig({ PASSWORD_HASH_COST: 'standard', PUBLIC_URL: 'https://shop.example.com' }).passwordHashCost).toBe('standard');
    expect(error({ PASSWORD_HASH_COST: 'minimal', PUBLIC_URL: 'https://shop.example.com' })).toMatch(
      /^Invalid configuration: PASSWORD_HASH_COST=minimal is for test suites/,
    );
    for (const bad of ['low', 'Minimal', '0']) {
      expect(error({ PASSWORD_HASH_COST: bad }), bad).toBe('Invalid configuration: PASSWORD_HASH_COST must be one of standard, minimal');
    }
  });

  it('refuses CORS origins that are not exact origins', () => {
    expect(error({ CORS_ORIGINS: 'https://a.example.com/path' })).toMatch(/^Invalid configuration: CORS_ORIGINS entry/);
    expect(error({ CORS_ORIGINS: '*' })).toMatch(/^Invalid configuration: CORS_ORIGINS/);
  });
});
