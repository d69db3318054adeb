import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/**
 * MSW for node tests: `server.listen()` in a setup file, `server.resetHandlers()` and `resetMockDb()` after each test.
 * Cookies: a `cookie` request header is read; the response carries the real `Set-Cookie` header (`getSetCookie()`);
 * and, like a browser, MSW keeps mocked cookies in its own per-host store and sends them on later requests to that host
 * that carry no cookie of that name. So axios/fetch in a test behave as signed in after a mocked login.
 */
export const server = setupServer(...handlers);
