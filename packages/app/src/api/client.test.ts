import { MESSAGES } from '@inventory/contract';
import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { isNotFound, isUnauthorized, toMessage } from './client';

function httpError(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', config, undefined, {
    status,
    statusText: '',
    data,
    headers: {},
    config,
  });
}

describe('toMessage', () => {
  it("gives the server's {message}", () => {
    expect(toMessage(httpError(400, { message: 'Please enter a valid email' }))).toBe('Please enter a valid email');
  });

  it('falls back to the generic message', () => {
    expect(toMessage(httpError(502, '<html>bad gateway</html>'))).toBe(MESSAGES.genericError);
    expect(toMessage(httpError(400, { message: '' }))).toBe(MESSAGES.genericError);
    expect(toMessage(new AxiosError('Network Error', 'ERR_NETWORK'))).toBe(MESSAGES.genericError);
    expect(toMessage(new Error('boom'))).toBe(MESSAGES.genericError);
  });
});

describe('isUnauthorized', () => {
  it('is true only for a 401 answer', () => {
    expect(isUnauthorized(httpError(401, { message: MESSAGES.notAuthorized }))).toBe(true);
    expect(isUnauthorized(httpError(403, {}))).toBe(false);
    expect(isUnauthorized(new Error('x'))).toBe(false);
  });
});

describe('isNotFound', () => {
  it('is true only for a 404 answer', () => {
    expect(isNotFound(httpError(404, { message: MESSAGES.notFound }))).toBe(true);
    expect(isNotFound(httpError(401, {}))).toBe(false);
    expect(isNotFound(new Error('x'))).toBe(false);
  });
});
