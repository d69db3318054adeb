import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { logFailedPoll } from '../src/db/failed-poll';

function recordingLog() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => lines.push({ level, fields, message });
  return { lines, log: { warn: at('warn'), error: at('error') } as unknown as FastifyBaseLogger };
}

describe('a failed reorder-alert poll', () => {
  it('is a warning naming the code when SQLite is locked past the busy timeout', () => {
    const { lines, log } = recordingLog();
    logFailedPoll(log, Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }), 15_000, 'reorder alerts');
    expect(lines).toEqual([
      { level: 'warn', fields: { code: 'SQLITE_BUSY' }, message: 'reorder alerts wait: the database is busy or unreachable; trying again in 15 s' },
    ]);
  });

  it('is a warning when PostgreSQL cannot be reached', () => {
    const { lines, log } = recordingLog();
    logFailedPoll(log, Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), 15_000, 'reorder alerts');
    expect(lines.map((line) => line.level)).toEqual(['warn']);
  });

  it('is an error with the whole error for anything else', () => {
    const { lines, log } = recordingLog();
    const bug = new TypeError('cannot read properties of undefined');
    logFailedPoll(log, bug, 15_000, 'reorder alerts');
    expect(lines).toEqual([{ level: 'error', fields: { err: bug }, message: 'could not send reorder alerts' }]);
  });
});

describe('a failed mail-outbox poll', () => {
  it('names the mails that wait', () => {
    const { lines, log } = recordingLog();
    logFailedPoll(log, Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }), 5_000, 'mails');
    expect(lines).toEqual([
      { level: 'warn', fields: { code: 'SQLITE_BUSY' }, message: 'mails wait: the database is busy or unreachable; trying again in 5 s' },
    ]);
  });
});
