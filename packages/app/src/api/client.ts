import axios, { isAxiosError } from 'axios';
import { MESSAGES } from '@inventory/contract/rules';

/**
 * The one axios instance of the app. Every call sends credentials (the session cookie) and goes to `VITE_API_BASE`
 * when set, else the app's own origin. Only sagas (through the `api.ts` modules) use it.
 */
export const apiClient = axios.create({
  baseURL: import.meta.env.VITE_API_BASE ?? '',
  withCredentials: true,
  headers: { Accept: 'application/json' },
});

/** Point the client at another origin, e.g. `http://localhost` in node tests where there is no page origin. */
export function configureApiBase(baseURL: string): void {
  apiClient.defaults.baseURL = baseURL;
}

function serverMessage(data: unknown): string | null {
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

/** The server's `{message}` when there is one, else the generic error text. */
export function toMessage(error: unknown): string {
  if (isAxiosError(error)) return serverMessage(error.response?.data) ?? MESSAGES.genericError;
  return MESSAGES.genericError;
}

/** True when the server answered 401: the session is missing or gone. */
export function isUnauthorized(error: unknown): boolean {
  return isAxiosError(error) && error.response?.status === 401;
}

/** True when the server answered 404: the item does not exist or is not this user's. */
export function isNotFound(error: unknown): boolean {
  return isAxiosError(error) && error.response?.status === 404;
}

/** True when the server answered 409: the request conflicts with the state (e.g. more received than is outstanding). */
export function isConflict(error: unknown): boolean {
  return isAxiosError(error) && error.response?.status === 409;
}

/** True when the server answered 403: the role does not allow the call, or the store is no longer the user's. */
export function isForbidden(error: unknown): boolean {
  return isAxiosError(error) && error.response?.status === 403;
}
