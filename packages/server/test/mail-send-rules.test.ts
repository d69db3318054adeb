import { describe, expect, it } from 'vitest';
import { CLAIM_TIMEOUT_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from '../src/mail/outbox-timing';
import { SMTP_TIMEOUTS } from '../src/mail';
import { describeSendError, isPermanentSendError, LAST_ERROR_MAX } from '../src/mail/send-error';

describe('the outbox retry schedule', () => {
  it('waits 30 s, 2 min, 10 min, 1 h, 6 h, 24 h, 24 h between attempts, then gives up after the eighth', () => {
    expect(RETRY_DELAYS_MS.map((ms) => ms / 1000)).toEqual([30, 120, 600, 3_600, 21_600, 86_400, 86_400]);
    expect(MAX_ATTEMPTS).toBe(8);
    expect(Array.from({ length: MAX_ATTEMPTS }, (_, i) => retryDelayMs(i + 1))).toEqual([...RETRY_DELAYS_MS, null]);
    // Spread over 55 hours: a weekend's outage.
    expect(RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0) / 3_600_000).toBeCloseTo(55.2, 1);
    expect(() => retryDelayMs(0)).toThrow(RangeError);
  });

  it('lets a live send end (every SMTP step bounded) long before its claim goes stale', () => {
    const longestSend = SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout;
    expect(longestSend * 2).toBeLessThan(CLAIM_TIMEOUT_MS);
  });
});

describe('a failed send, as kept and logged', () => {
  it('is one short line: code, SMTP reply code, message', () => {
    const refused = Object.assign(new Error('Invalid login: 535 5.7.8 Authentication\r\nfailed'), { code: 'EAUTH', responseCode: 535 });
    expect(describeSendError(refused)).toBe('EAUTH 535 Invalid login: 535 5.7.8 Authentication failed');
    expect(describeSendError('plain text')).toBe('plain text');
    const long = describeSendError(new Error('x'.repeat(1_000)));
    expect(long).toHaveLength(LAST_ERROR_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('never keeps credentials a URL in the message might carry', () => {
    expect(describeSendError(new Error('cannot reach smtp://mailer:s3cret@mail.example.com:587'))).toBe('cannot reach smtp://mail.example.com:587');
  });

  it('is permanent only when the server refused every recipient with a 5xx reply', () => {
    expect(isPermanentSendError(Object.assign(new Error('rejected'), { code: 'EENVELOPE', responseCode: 550 }))).toBe(true);
    expect(isPermanentSendError(Object.assign(new Error('greylisted'), { code: 'EENVELOPE', responseCode: 451 }))).toBe(false);
    expect(isPermanentSendError(Object.assign(new Error('bad login'), { code: 'EAUTH', responseCode: 535 }))).toBe(false);
    expect(isPermanentSendError(Object.assign(new Error('down'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isPermanentSendError(null)).toBe(false);
  });
});
